/**
 * Screenshots of the intro and landing fixes (docs/product.md §3.1, §3.2), at 1280 px and 390 px, written to
 * test-results/screenshots/ for people to look at: the intro at its burst, the hero (with the
 * 'Slide' hint on phones), the project cards without placeholder links, and the 404 page an
 * unknown admin path answers. Each screen must not scroll sideways.
 */

import { expectNoHorizontalScroll } from './support/admin';
import { gotoLanding, installPausedClock, settled } from './support/helpers';
import { expect, test } from './support/test';

const dir = 'test-results/screenshots';

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('hero and projects', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await gotoLanding(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${dir}/details-hero-${width}.png` });
      if (width < 768) {
        await expect(page.locator('#m-hero').getByTestId('slide-hint')).toBeInViewport();
        await page.getByRole('button', { name: /^Go to page 2/ }).click();
        await expect(page.getByTestId('mobile-position')).toHaveText('2 / 3');
        await settled(page);
        await page.screenshot({ path: `${dir}/details-projects-${width}.png` });
      } else {
        const projects = page.locator('#current-projects');
        await projects.scrollIntoViewIfNeeded();
        await settled(page);
        await projects.screenshot({ path: `${dir}/details-projects-${width}.png` });
      }
      await expectNoHorizontalScroll(page);
    });

    test('unknown admin path', async ({ page }) => {
      const response = await page.goto('/admin/no-such-screen');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${dir}/details-admin-404-${width}.png` });
    });
  });
}

test.describe('1280 px intro', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the intro at its burst', async ({ page }) => {
    await installPausedClock(page);
    await gotoLanding(page);
    const now = await page.evaluate(() => performance.now());
    await page.clock.runFor(Math.max(0, 2100 - now));
    await expect(page.getByTestId('intro-splash')).toHaveAttribute('data-phase', 'burst');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${dir}/details-intro-burst-1280.png` });
  });
});
