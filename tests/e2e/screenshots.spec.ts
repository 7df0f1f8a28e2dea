/**
 * Screenshots of the main screens at desktop (1280 px) and phone (390 px) widths, for people to
 * look at: written to test-results/screenshots/ (not committed). Asserts only that each screen
 * rendered.
 */

import { contactItems } from './support/admin';
import { createLead, gotoLanding, settled, signInAsDemoAdmin, unique } from './support/helpers';
import { expect, test } from './support/test';

const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

const dir = 'test-results/screenshots';

for (const { label, width, height } of widths) {
  test.describe(`${label} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('landing', async ({ page }) => {
      // No intro splash in the pictures (reduced motion skips it, docs/product.md §3.2).
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await gotoLanding(page);
      if (width >= 768) {
        // Let the lazily loaded posters and the deferred extras arrive.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 60));
          }
          window.scrollTo(0, 0);
        });
        await settled(page);
        await page.screenshot({ path: `${dir}/landing-${width}.png`, fullPage: true });
        return;
      }
      // Mobile: one picture per swiped page, each page stretched to its full height.
      await page.screenshot({ path: `${dir}/landing-${width}-viewport.png` });
      for (const [index, name] of ['page-1', 'page-2', 'page-3'].entries()) {
        await page.getByRole('button', { name: new RegExp(`^Go to page ${index + 1}`) }).click();
        await expect(page.getByTestId('mobile-position')).toHaveText(`${index + 1} / 3`);
        await settled(page);
        await page.screenshot({ path: `${dir}/landing-${width}-${name}-top.png` });
        const full = await page
          .locator('[id^="mobile-page"]')
          .nth(index)
          .evaluate((el) => el.scrollHeight);
        await page.setViewportSize({ width, height: full });
        await settled(page);
        await page.screenshot({ path: `${dir}/landing-${width}-${name}.png` });
        await page.setViewportSize({ width, height });
      }
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${dir}/landing-${width}-drawer.png` });
    });

    test('contact dialog', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await gotoLanding(page);
      await page.getByRole('button', { name: width >= 768 ? 'Start a project' : 'Start Building' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // Let the opening animation finish.
      await settled(page);
      await page.screenshot({ path: `${dir}/landing-dialog-${width}.png` });
    });

    test('login', async ({ page }) => {
      await page.goto('/admin/login');
      await expect(page.getByRole('button', { name: 'Login as Admin (Test)' })).toBeVisible();
      await page.screenshot({ path: `${dir}/login-${width}.png`, fullPage: true });
    });

    test('contacts', async ({ page, request, baseURL }) => {
      await createLead(request, baseURL!, {
        name: unique('Screenshot Lead'),
        email: 'screenshot.lead@example.com',
        phone: '(555) 777-0000',
        message:
          'We run three bakeries and want online pre-orders, a loyalty programme and a simple way to see which products sell best each week.',
      });
      await signInAsDemoAdmin(page);
      await page.goto('/admin/contacts');
      await expect(contactItems(page).first()).toBeVisible();
      await page.screenshot({ path: `${dir}/contacts-${width}.png`, fullPage: true });
    });
  });
}
