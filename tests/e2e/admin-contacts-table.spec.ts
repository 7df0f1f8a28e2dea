/**
 * The contacts list as a triage table (decision 040): search, filter and sort kept in the URL
 * through Back, a reload and a shared link; j/k and the arrow keys move through the rows and
 * Enter opens one; column headers sort on the server; cards below 1024 px, with the same
 * per-contact buttons as the table's rows.
 */

import { adminApi, contactItems, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { expect, type Page, test } from './support/test';

/** Creates leads whose messages share `word` (the search), in the given order; returns ids. */
async function leads(page: Page, baseURL: string, word: string, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    ids.push(
      await createLead(page.request, baseURL, {
        name,
        email: uniqueEmail('triage'),
        message: `About the ${word} project.`,
      }),
    );
  }
  return ids;
}

/** Focus out of any field: j and k are letters inside one. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('Back, a reload and a shared link keep the search and the status filter', async ({
  page,
  baseURL,
  browser,
}) => {
  const word = `triageback${Date.now()}`;
  const [fresh, called] = await leads(page, baseURL!, word, [unique('Back Fresh'), unique('Back Called')]);
  await signInFast(page, baseURL!);
  await adminApi(page, baseURL!, 'POST', `/api/admin/contacts/${called}/status`, { status: 'contacted' });

  await page.goto('/admin/contacts');
  await page.getByPlaceholder('Search contacts...').fill(word);
  await expect(contactItems(page)).toHaveCount(2);
  await page.getByLabel('Status').selectOption({ label: 'New' });
  await expect(contactItems(page)).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(page).toHaveURL(/[?&]status=new/);

  await contactItems(page).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${fresh}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByPlaceholder('Search contacts...')).toHaveValue(word);
  await expect(page.getByLabel('Status')).toHaveValue('new');
  await expect(contactItems(page)).toHaveCount(1);
  await expect(contactItems(page).first()).toHaveAttribute('data-contact-id', String(fresh));

  await page.reload();
  await expect(page.getByPlaceholder('Search contacts...')).toHaveValue(word);
  await expect(page.getByLabel('Status')).toHaveValue('new');
  await expect(contactItems(page)).toHaveCount(1);

  // A shared link, opened in another signed-in browser.
  const link = page.url();
  const other = await browser.newPage();
  await signInFast(other, baseURL!);
  await other.goto(link);
  await expect(other.getByPlaceholder('Search contacts...')).toHaveValue(word);
  await expect(other.getByLabel('Status')).toHaveValue('new');
  await expect(contactItems(other)).toHaveCount(1);
  await other.close();

  // Clearing the search and the filter takes them out of the URL.
  await page.getByPlaceholder('Search contacts...').fill('');
  await page.getByLabel('Status').selectOption({ label: 'All Status' });
  await expect(page).toHaveURL(/\/admin\/contacts$/);
});

test('j / k and the arrow keys move through the rows; Enter opens the contact', async ({ page, baseURL }) => {
  const word = `triagekeys${Date.now()}`;
  const ids = await leads(page, baseURL!, word, [
    unique('Keys One'),
    unique('Keys Two'),
    unique('Keys Three'),
  ]);
  await signInFast(page, baseURL!);
  await page.goto(`/admin/contacts?q=${word}`);
  const rows = contactItems(page);
  await expect(rows).toHaveCount(3);
  // Newest first: the last lead heads the list.
  const [third, second, first] = [rows.nth(0), rows.nth(1), rows.nth(2)];
  await blur(page);
  await page.keyboard.press('j');
  await expect(third).toBeFocused();
  await page.keyboard.press('j');
  await expect(second).toBeFocused();
  await page.keyboard.press('j');
  await expect(first).toBeFocused();
  // Past the last row: focus stays.
  await page.keyboard.press('j');
  await expect(first).toBeFocused();
  await page.keyboard.press('k');
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(third).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  // j typed into the search box is a letter, not a move.
  await page.getByPlaceholder('Search contacts...').press('End');
  await page.keyboard.press('j');
  await expect(page.getByPlaceholder('Search contacts...')).toHaveValue(`${word}j`);
  await page.getByPlaceholder('Search contacts...').press('Backspace');
  await expect(rows).toHaveCount(3);
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${ids[1]}$`));
});

test('column headers sort on the server, both ways, and the order is kept in the URL', async ({
  page,
  baseURL,
}) => {
  const word = `triagesort${Date.now()}`;
  await leads(page, baseURL!, word, [`Alpha ${word}`, `Charlie ${word}`, `Bravo ${word}`]);
  await signInFast(page, baseURL!);
  await page.goto(`/admin/contacts?q=${word}`);
  const rows = contactItems(page);
  const names = () => rows.getByRole('link').allTextContents();
  await expect(rows).toHaveCount(3);
  expect(await names()).toEqual([`Bravo ${word}`, `Charlie ${word}`, `Alpha ${word}`]);

  const table = page.getByRole('table', { name: 'Contacts' });
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await expect(table.getByRole('columnheader', { name: 'Last activity' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(names).toEqual([`Alpha ${word}`, `Bravo ${word}`, `Charlie ${word}`]);
  await nameHeader.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]order=desc/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(names).toEqual([`Charlie ${word}`, `Bravo ${word}`, `Alpha ${word}`]);

  await page.reload();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(names).toEqual([`Charlie ${word}`, `Bravo ${word}`, `Alpha ${word}`]);
});

test("below 1024 px each contact is a card; the table's row has the card's content and buttons", async ({
  page,
  baseURL,
}) => {
  const name = unique('Layout Lead');
  const email = uniqueEmail('layout');
  await createLead(page.request, baseURL!, { name, email, phone: '555-0199', message: 'Cards or rows?' });
  await signInFast(page, baseURL!);
  await page.goto(`/admin/contacts?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  for (const text of [email, '555-0199', 'Cards or rows?', 'new']) {
    await expect(row.getByText(text, { exact: true })).toBeVisible();
  }
  for (const button of ['Send Email', 'View Conversation', 'Turn into Client']) {
    await expect(row.getByRole('button', { name: button })).toBeVisible();
  }
  await expectNoHorizontalScroll(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  for (const button of ['Send Email', 'View Conversation', 'Turn into Client']) {
    await expect(card.getByRole('button', { name: button })).toBeVisible();
  }
  await expectNoHorizontalScroll(page);
});

test("a returning lead's second form message is marked in the list and on the dashboard until the contact is opened", async ({
  page,
  baseURL,
}) => {
  const name = unique('Returning Lead');
  const email = uniqueEmail('returning');
  const id = await createLead(page.request, baseURL!, { name, email, message: 'First: a booking site.' });
  await signInFast(page, baseURL!);
  await page.goto(`/admin/contacts?q=${encodeURIComponent(email)}`);
  const row = contactItems(page).filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('unread-messages')).toHaveCount(0);

  // The same person writes again through the form.
  await createLead(page.request, baseURL!, { name, email, message: 'Second: can we start in May?' });
  await page.reload();
  await expect(row.getByTestId('unread-messages')).toHaveText('1 new message');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('article').filter({ hasText: name }).getByTestId('unread-messages')).toHaveText(
    '1 new message',
  );
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/admin');
  const recent = page
    .getByRole('heading', { name: 'Recent Contacts' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(recent.getByRole('link').filter({ hasText: name }).getByTestId('unread-messages')).toHaveText(
    '1 new message',
  );
  const replies = page
    .getByRole('heading', { name: /New replies/ })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  const item = replies.getByRole('link').filter({ hasText: name });
  await expect(item).toContainText('Second: can we start in May?');

  // Opening the contact shows its thread, and showing the thread marks its messages read.
  const read = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/contacts/${id}/read`) && r.request().method() === 'POST',
  );
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect((await read).ok()).toBe(true);
  await page.goto(`/admin/contacts?q=${encodeURIComponent(email)}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('unread-messages')).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Recent Contacts' })).toBeVisible();
  await expect(replies.getByRole('link').filter({ hasText: name })).toHaveCount(0);
});

test("'New replies' says why email replies cannot arrive without a mailbox", async ({ page, baseURL }) => {
  await signInFast(page, baseURL!);
  // The browser tests' server has no IMAP or Gmail mailbox.
  expect(
    (await adminApi<{ mailboxes: unknown[] }>(page, baseURL!, 'GET', '/api/admin/mail/inbound')).mailboxes,
  ).toEqual([]);
  await page.goto('/admin');
  const replies = page
    .getByRole('heading', { name: /New replies/ })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(replies.getByTestId('no-mailbox')).toContainText('No mailbox is connected (IMAP or Gmail)');
  await expect(replies.getByRole('link', { name: 'Mail setup' })).toHaveAttribute(
    'href',
    '/admin/gmail-setup',
  );
});

test("search ignores accents and case ('ngoc' finds 'Ngọc'); right-to-left names and messages get dir=auto", async ({
  page,
  baseURL,
}) => {
  const stamp = String(Date.now());
  const id = await createLead(page.request, baseURL!, {
    name: `Nguyễn Ngọc Ánh ${stamp}`,
    email: uniqueEmail('ngoc'),
    message: 'مرحبا، نريد موقعا جديدا',
  });
  const rtl = await createLead(page.request, baseURL!, {
    name: `عميرة حداد ${stamp}`,
    email: uniqueEmail('rtl'),
    message: `José ${stamp}: שלום`,
  });
  await signInFast(page, baseURL!);
  await page.goto('/admin/contacts');
  await page.getByPlaceholder('Search contacts...').fill(`NGOC anh ${stamp}`);
  await expect(contactItems(page)).toHaveCount(1);
  const row = contactItems(page).first();
  await expect(row).toHaveAttribute('data-contact-id', String(id));
  await expect(row.getByRole('link', { name: `Nguyễn Ngọc Ánh ${stamp}` })).toHaveAttribute('dir', 'auto');
  await expect(row.getByText('مرحبا، نريد موقعا جديدا')).toHaveAttribute('dir', 'auto');

  await page.getByPlaceholder('Search contacts...').fill(`jose ${stamp}`);
  await expect(contactItems(page)).toHaveCount(1);
  await expect(contactItems(page).first()).toHaveAttribute('data-contact-id', String(rtl));

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('article').first();
  await expect(card.getByRole('link', { name: `عميرة حداد ${stamp}` })).toHaveAttribute('dir', 'auto');
  await page.goto(`/admin/contacts/${rtl}`);
  await expect(page.getByRole('heading', { level: 1, name: `عميرة حداد ${stamp}` })).toHaveAttribute(
    'dir',
    'auto',
  );
});
