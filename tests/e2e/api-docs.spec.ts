/**
 * The API reference page (decision 021): `/api/docs` renders in Chromium under the
 * site's strict CSP for the signed-in admin, lists the operations from `/api/openapi.json`, and
 * sends a signed-out visitor to the sign-in screen.
 */

import { expectNoHorizontalScroll, signInFast, watchPageErrors } from './support/admin';
import { expect, test } from './support/test';

test('signed out, /api/docs leads to the sign-in screen', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page).toHaveURL(/\/admin\/login$/);
  const res = await page.request.get('/api/openapi.json');
  expect(res.status()).toBe(401);
});

for (const width of [1280, 390]) {
  test(`signed in, the reference lists the operations at ${width} px`, async ({ page, baseURL }) => {
    const problems = watchPageErrors(page);
    const csp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await page.setViewportSize({ width, height: 800 });
    await signInFast(page, baseURL!);
    await page.goto('/api/docs');

    // Swagger UI renders the whole document (over 150 operations) before its title: slow on a busy machine.
    await expect(page.getByRole('heading', { name: /Brightlane Studio API/ })).toBeVisible({
      timeout: 30_000,
    });
    // An operation from the document, rendered by the page's own script.
    const contactForm = page.locator('.opblock-summary', { hasText: '/api/contact' }).first();
    await expect(contactForm).toBeVisible();
    await expect(contactForm).toContainText('POST');
    await expect(page.locator('.opblock-tag', { hasText: 'Credentials' })).toBeVisible();
    // The security schemes are offered (the session cookie and the vault header).
    await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();
    if (width === 390) await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/api-docs-${width}.png` });

    // Opening an operation shows its error answers.
    const sendEmail = page
      .locator('.opblock', {
        has: page.locator('.opblock-summary', { hasText: '/api/admin/contacts/{id}/send-email' }),
      })
      .first();
    await sendEmail.locator('.opblock-summary').first().click();
    await expect(sendEmail.locator('.responses-table').first()).toContainText('429', { timeout: 30_000 });

    if (width === 390) await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/api-docs-operation-${width}.png` });
    expect(csp, 'CSP violations').toEqual([]);
    expect(problems).toEqual([]);
  });
}
