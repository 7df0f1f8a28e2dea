/**
 * The admin on a phone (390 px): every screen's header names each destination in words under its
 * icon (admin-header.tsx), each is reached with Tab in order, the page does not scroll sideways,
 * and axe-core finds no violation on the whole screen.
 */
import {
  adminApi,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInFast,
  visibleText,
} from './support/admin';
import { expect, test } from './support/test';

test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px every admin screen names its header destinations, reachable by keyboard, axe clean', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInFast(page, baseURL!);
  const { id } = await adminApi<{ id: number }>(page, baseURL!, 'POST', '/api/admin/contacts', {
    name: 'Leila Haddad',
    email: 'leila.haddad@example.org',
  });
  const screens = [
    '/admin',
    '/admin/contacts',
    `/admin/contacts/${id}`,
    '/admin/clients',
    '/admin/campaigns',
    '/admin/credentials',
    '/admin/gmail-setup',
    '/admin/security',
    '/admin/site',
  ];
  for (const screen of screens) {
    await page.goto(screen);
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('button', { name: 'Logout' }), screen).toBeVisible();
    await page.getByRole('main').getByRole('heading').first().waitFor();

    // Each destination shows a word, not an icon alone (the visible text is part of its name).
    const items = nav.locator('a, button');
    const count = await items.count();
    expect(count, screen).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) {
      const item = items.nth(i);
      const seen = await visibleText(item);
      const name = (await item.getAttribute('title')) ?? '';
      expect(seen, `${screen}: item ${i} shows no word`).toMatch(/\p{L}{3,}/u);
      expect(name.toLowerCase(), `${screen}: '${seen}' is not part of its name '${name}'`).toContain(
        seen.toLowerCase(),
      );
    }

    // Tab from the brand link reaches every destination in order.
    await page.getByRole('banner').getByRole('link').first().focus();
    for (let i = 0; i < count; i++) {
      await page.keyboard.press('Tab');
      await expect(items.nth(i), `${screen}: Tab to item ${i}`).toBeFocused();
    }

    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    if (screen === '/admin') await page.screenshot({ path: 'test-results/screenshots/admin-header-390.png' });
  }
});
