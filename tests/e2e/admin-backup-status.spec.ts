/**
 * The dashboard's 'Last backup' line (decision 022): on the test server's fresh data folder no
 * backup exists yet and the daily backup is on, so it reads 'Never' with the kept count; it
 * fits a phone without sideways scroll. Screenshots at 1280 and 390 px for review.
 */

import { expectNoHorizontalScroll, signInFast } from './support/admin';
import { expect, test } from './support/test';

for (const width of [1280, 390]) {
  test(`the dashboard says when the last backup was taken (${width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInFast(page, baseURL!);
    await page.goto('/admin');
    const line = page.getByText('Last backup:');
    await expect(line).toBeVisible();
    await expect(line).toContainText(/Never|\d/);
    await expect(page.getByText(/daily, the last \d+ kept/)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/dashboard-backup-${width}.png` });
  });
}
