/**
 * Bulk actions on /admin/contacts (docs/guide.md 'Bulk actions'): tick boxes on the rows (Shift for a
 * range, Space from the keyboard), 'Select all N matching' over more than one page with one row
 * unticked, Set status, Add tag and Delete through the bar, each checked against the API; the
 * selection ends with a new search; at 390 px the bar fits and leaves the last card reachable.
 * Every test makes contacts whose names share a word of its own and searches for it, so the
 * other tests' contacts on the shared server never show.
 */

import type { Contact } from '../../src/shared/contacts.ts';
import type { Tag } from '../../src/shared/tags.ts';
import {
  adminApi,
  adminToasts,
  contactItems,
  expectNoHorizontalScroll,
  sameOrigin,
  signInFast,
} from './support/admin';
import { uniqueEmail } from './support/helpers';
import { expect, type Page, test } from './support/test';

const shots = 'test-results/screenshots';

/** A word no other test's contact carries (the search of this test). */
const word = (label: string) => `bulk${label}${Date.now()}`;

/**
 * Adds `count` contacts named '<prefix> 01'… in one CSV import (one request, however many); returns
 * their ids, newest first as the list shows them.
 */
async function seed(page: Page, baseURL: string, prefix: string, count: number): Promise<number[]> {
  const lines = ['Name,Email'];
  for (let i = 1; i <= count; i++)
    lines.push(`${prefix} ${String(i).padStart(2, '0')},${uniqueEmail(prefix.toLowerCase())}`);
  const res = await page.request.post('/api/admin/contacts/import', {
    headers: sameOrigin(baseURL),
    multipart: {
      file: { name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const ids = (await listed(page, baseURL, prefix)).map((c) => c.id);
  expect(ids).toHaveLength(count);
  return ids;
}

/** Every contact matching `q` (any status but spam, any origin), as the API lists them. */
async function listed(page: Page, baseURL: string, q: string): Promise<Contact[]> {
  return adminApi<Contact[]>(
    page,
    baseURL,
    'GET',
    `/api/admin/contacts?view=all&q=${encodeURIComponent(q)}&limit=200`,
  );
}

/** The bulk action bar. */
const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });

/**
 * Opens the list searched down to `q` and waits for `rows` rows; 'All', as the seeded contacts are
 * imported (the default view lists leads: decision 058).
 */
async function openList(page: Page, q: string, rows: number) {
  await page.goto(`/admin/contacts?view=all&q=${encodeURIComponent(q)}`);
  await expect(contactItems(page)).toHaveCount(rows);
}

/** The tick box of the `index`th row or card shown. */
const rowBox = (page: Page, index: number) => contactItems(page).nth(index).getByRole('checkbox');

test('tick two rows, Shift+click a range, Space from the keyboard, then Set status', async ({
  page,
  baseURL,
}) => {
  // Slow under a loaded machine (the browser suite shares two cores with other work).
  test.slow();
  const q = word('range');
  await signInFast(page, baseURL!);
  const ids = await seed(page, baseURL!, q, 6);
  await openList(page, q, 6);
  await expect(bar(page)).toHaveCount(0);

  const rows = contactItems(page);
  const shownIds = (
    await rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-contact-id'))))
  )
    .map(Number)
    .filter((id) => ids.includes(id));
  expect(shownIds).toHaveLength(6);
  // Each box is named after its contact.
  const firstName = await rows.nth(0).getByRole('link').first().textContent();
  await expect(rows.nth(0).getByRole('checkbox', { name: `Select ${firstName}` })).toBeVisible();

  await rowBox(page, 0).click();
  await rowBox(page, 1).click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('2 selected');
  // Shift+click on the fourth row: the second (the last clicked) to the fourth.
  await rowBox(page, 3).click({ modifiers: ['Shift'] });
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('4 selected');
  for (const [index, ticked] of [true, true, true, true, false, false].entries()) {
    if (ticked) await expect(rowBox(page, index)).toBeChecked();
    else await expect(rowBox(page, index)).not.toBeChecked();
  }
  // Clicking the box does not open the contact.
  await expect(page).toHaveURL(/\/admin\/contacts\?view=all&q=/);
  // A range never reaches past the page: 6 rows, all shown, so no 'Select all N matching'.
  await expect(bar(page).getByRole('button', { name: /Select all \d+ matching/ })).toHaveCount(0);

  // The keyboard: Space on a focused box ticks it, again unticks it.
  await rowBox(page, 5).focus();
  await page.keyboard.press('Space');
  await expect(rowBox(page, 5)).toBeChecked();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('5 selected');
  await page.keyboard.press('Space');
  await expect(rowBox(page, 5)).not.toBeChecked();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('4 selected');
  // The header box is partly ticked.
  const header = page.getByRole('checkbox', { name: 'Select all shown contacts' });
  expect(await header.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);

  await page.screenshot({ path: `${shots}/admin-contacts-bulk-1280.png` });
  // The bar sits after the rows: nothing of the last row is under it.
  const barBox = (await bar(page).boundingBox())!;
  const lastRow = (await rows.nth(5).boundingBox())!;
  expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(barBox.y);

  await bar(page).getByRole('combobox', { name: 'Set status' }).click();
  await expect(page.getByRole('option')).toHaveText(['New', 'Contacted', 'Qualified', 'Converted']);
  await page.getByRole('option', { name: 'Qualified' }).click();
  await expect(adminToasts(page)).toContainText('4 contacts set to Qualified');
  await expect(bar(page)).toHaveCount(0);
  for (const index of [0, 1, 2, 3]) await expect(rows.nth(index)).toContainText('qualified');

  const statuses = new Map((await listed(page, baseURL!, q)).map((c) => [c.id, c.status]));
  expect(shownIds.map((id) => statuses.get(id))).toEqual([
    'qualified',
    'qualified',
    'qualified',
    'qualified',
    'new',
    'new',
  ]);

  // A new search drops the selection.
  await rowBox(page, 4).click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('1 selected');
  await page.getByPlaceholder('Search contacts...').fill(`${q} 0`);
  await expect(contactItems(page)).toHaveCount(6);
  await expect(bar(page)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /^Select / }).and(page.locator(':checked'))).toHaveCount(0);
});

test("'Select all N matching' over two pages, one unticked: Add tag reaches N-1; then Delete all", async ({
  page,
  baseURL,
}) => {
  // Two pages of actions, each waiting for the list to refresh: more than the suite's 30 s.
  test.setTimeout(180_000);
  const q = word('all');
  const total = 23;
  await signInFast(page, baseURL!);
  const ids = await seed(page, baseURL!, q, total);
  const tag = await adminApi<Tag>(page, baseURL!, 'POST', '/api/admin/tags', {
    name: `Bulk ${Date.now()}`.slice(0, 40),
    color: '#22d3ee',
  });
  await openList(page, q, 20);
  await expect(page.getByText(`Showing 20 of ${total} contacts`)).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all shown contacts' }).click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('20 selected');
  await bar(page)
    .getByRole('button', { name: `Select all ${total} matching` })
    .click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText(`All ${total} matching contacts selected`);
  await expect(bar(page).getByRole('button', { name: 'Clear selection' })).toBeVisible();

  const unticked = Number(await contactItems(page).nth(2).getAttribute('data-contact-id'));
  await rowBox(page, 2).click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText(`${total - 1} of ${total} matching selected`);

  await bar(page).getByRole('combobox', { name: 'Add tag' }).click();
  await page.getByRole('option', { name: tag.name }).click();
  await expect(adminToasts(page)).toContainText(`Tag ${tag.name} added to ${total - 1} contacts`);
  await expect(bar(page)).toHaveCount(0);

  const after = await listed(page, baseURL!, q);
  expect(after.map((c) => c.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  const tagged = after.filter((c) => c.tags?.some((t) => t.id === tag.id)).map((c) => c.id);
  expect(tagged).toHaveLength(total - 1);
  expect(tagged).not.toContain(unticked);
  // The rows on screen refreshed with the tag.
  await expect(contactItems(page).filter({ hasText: tag.name })).toHaveCount(19);

  // An answer the API refuses shows its own `error` text, and keeps the selection.
  await rowBox(page, 0).click();
  await page.route('**/api/admin/contacts/bulk', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: '{"error":"Refused for the test."}',
    }),
  );
  await bar(page).getByRole('combobox', { name: 'Remove tag' }).click();
  await page.getByRole('option', { name: tag.name }).click();
  await expect(adminToasts(page)).toContainText('Refused for the test.');
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('1 selected');
  await page.unroute('**/api/admin/contacts/bulk');
  await bar(page).getByRole('button', { name: 'Clear selection' }).click();
  await expect(bar(page)).toHaveCount(0);

  // Delete every match, through the same prompt as the Danger Zone's. Once every match is loaded,
  // the header box ticks them all and there is nothing more to offer.
  await contactItems(page).last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect(contactItems(page)).toHaveCount(total);
  await page.getByRole('checkbox', { name: 'Select all shown contacts' }).click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText(`${total} selected`);
  await expect(bar(page).getByRole('button', { name: /Select all \d+ matching/ })).toHaveCount(0);
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText(`Delete ${total} contacts?`);
  await expect(dialog).toContainText('every message, task, note and campaign record about them');
  await expect(dialog).toContainText('cannot be undone');
  await expect(dialog).toContainText('Clients made from converted contacts keep their own record');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await listed(page, baseURL!, q)).toHaveLength(total);

  await bar(page).getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete contacts' }).click();
  await expect(adminToasts(page)).toContainText(`${total} contacts deleted`);
  await expect(page.getByText('No contacts found')).toBeVisible();
  expect(await listed(page, baseURL!, q)).toEqual([]);
  for (const id of [ids[0], unticked]) {
    const res = await page.request.get(`/api/admin/contacts/${id}`);
    expect(res.status()).toBe(404);
  }
});

test('at 390 px the cards carry tick boxes and the bar fits without sideways scroll', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const q = word('narrow');
  await signInFast(page, baseURL!);
  await seed(page, baseURL!, q, 3);
  await page.setViewportSize({ width: 390, height: 844 });
  await openList(page, q, 3);
  await expect(page.getByRole('table')).toHaveCount(0);

  await rowBox(page, 0).click();
  await rowBox(page, 2).click({ modifiers: ['Shift'] });
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('3 selected');
  // The card did not open.
  await expect(page).toHaveURL(/\/admin\/contacts\?view=all&q=/);
  for (const name of ['Set status', 'Add tag', 'Remove tag']) {
    await expect(bar(page).getByRole('combobox', { name })).toBeVisible();
  }
  await expect(bar(page).getByRole('button', { name: 'Delete' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  const barBox = (await bar(page).boundingBox())!;
  expect(barBox.x).toBeGreaterThanOrEqual(0);
  expect(barBox.x + barBox.width).toBeLessThanOrEqual(390);

  // Scrolled to the end, the last card is clear of the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastCard = (await contactItems(page).nth(2).boundingBox())!;
  const barAtEnd = (await bar(page).boundingBox())!;
  expect(lastCard.y + lastCard.height).toBeLessThanOrEqual(barAtEnd.y);
  await page.screenshot({ path: `${shots}/admin-contacts-bulk-390.png` });

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/admin-contacts-bulk-390-top.png` });
});
