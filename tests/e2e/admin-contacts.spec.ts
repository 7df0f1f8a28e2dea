/**
 * The contact list (docs/product.md §6.1): paging while scrolling, the total, CSV export,
 * 'Send Email', 'View Conversation' and 'Turn into Client', with the toasts of docs/product.md §6.1.
 */
import { readFile } from 'node:fs/promises';
import { adminToasts, contactItems, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { expect, type Page, test } from './support/test';

/** Opens the contact list searched down to `text` (debounced search, server-side). */
/**
 * Opens /admin/contacts and searches for `text`, then waits until the list shows only matches:
 * a click aimed at a card of the unfiltered list could land elsewhere when the filtered list
 * replaces it (a CI run lost a 'Turn into Client' click that way).
 */
async function openContacts(page: Page, text: string) {
  await page.goto('/admin/contacts');
  await page.getByPlaceholder('Search contacts...').fill(text);
  await expect(contactItems(page).filter({ hasText: text }).first()).toBeVisible();
  await expect(contactItems(page).filter({ hasNotText: text })).toHaveCount(0);
}

test('the list loads more contacts as the admin scrolls and exports the filtered list as CSV', async ({
  page,
  request,
  baseURL,
}) => {
  const word = `paging${Date.now()}`;
  const names: string[] = [];
  for (let i = 0; i < 25; i++) {
    const name = unique(`Paging Lead ${String(i).padStart(2, '0')}`);
    names.push(name);
    await createLead(request, baseURL!, {
      name,
      email: `paging${i}@example.com`,
      message: `About the ${word} project.`,
    });
  }
  await signInFast(page, baseURL!);
  await page.goto('/admin/contacts');
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Pipeline',
    'Campaigns',
    'Credentials',
    'Site',
  ]);
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }),
  ).toBeVisible();

  await page.getByPlaceholder('Search contacts...').fill(word);
  const cards = contactItems(page);
  await expect(page.getByText('Showing 20 of 25 contacts')).toBeVisible();
  await expect(cards).toHaveCount(20);
  // Newest first: the last lead created heads the list.
  await expect(cards.first()).toContainText(names[24]!);

  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect(cards).toHaveCount(25);
  await expect(page.getByText('25 contacts', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', `/api/admin/contacts/export.csv?q=${word}&view=leads`);
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const rows = csv.trim().split(/\r?\n/);
  expect(rows).toHaveLength(26);
  for (const name of names) expect(csv).toContain(name);

  await page.getByLabel('Status').selectOption({ label: 'Contacted' });
  await expect(page.getByText('No contacts found')).toBeVisible();
  await expect(exportLink).toHaveAttribute(
    'href',
    `/api/admin/contacts/export.csv?q=${word}&status=contacted&view=leads`,
  );
});

test('Send Email from a card: missing fields, success, failure, and the conversation thread', async ({
  page,
  request,
  baseURL,
}) => {
  const name = unique('Email Lead');
  const email = uniqueEmail('email.lead');
  await createLead(request, baseURL!, {
    name,
    email,
    message: 'Can you build us a booking page?',
  });
  await signInFast(page, baseURL!);
  await openContacts(page, name);
  const card = contactItems(page).filter({ hasText: name });
  await expect(contactItems(page)).toHaveCount(1);

  // Before any email: the thread holds the original message, then 'No messages yet'.
  await card.getByRole('button', { name: 'View Conversation' }).click();
  let dialog = page.getByRole('dialog', { name: 'Conversation' });
  let items = dialog.getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(name);
  await expect(items.first()).toContainText('Can you build us a booking page?');
  await expect(dialog.getByText('No messages yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: 'Send Email' }).click();
  dialog = page.getByRole('dialog', { name: 'Send Email' });
  await expect(dialog).toContainText(email);
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(adminToasts(page).getByText('Missing fields')).toBeVisible();
  await expect(adminToasts(page).getByText('Please fill in both subject and message.')).toBeVisible();
  await expect(dialog.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');

  // A provider failure shows the server's message (docs/product.md §6.6).
  await page.route('**/send-email', (route) =>
    route.fulfill({ status: 502, json: { error: 'The mail provider refused the message.' } }),
  );
  await dialog.getByLabel('Subject').fill('Booking page');
  await dialog.getByRole('radio', { name: 'HTML' }).check();
  await dialog.getByLabel('Message (HTML)').fill('<p>Hello <strong>there</strong>, happy to help.</p>');
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(adminToasts(page).getByText('The mail provider refused the message.')).toBeVisible();
  await expect(adminToasts(page).getByText('Error', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.unroute('**/send-email');

  await dialog.getByRole('button', { name: 'Send Email' }).click();
  await expect(adminToasts(page).getByText('Email sent')).toBeVisible();
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: 'View Conversation' }).click();
  dialog = page.getByRole('dialog', { name: 'Conversation' });
  items = dialog.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(dialog.getByText('No messages yet')).toHaveCount(0);
  await expect(items.nth(0)).toHaveAttribute('data-sender', 'contact');
  await expect(items.nth(0)).toHaveCSS('justify-content', 'flex-start');
  await expect(items.nth(1)).toHaveAttribute('data-sender', 'admin');
  await expect(items.nth(1)).toHaveCSS('justify-content', 'flex-end');
  await expect(items.nth(1)).toContainText('Admin');
  await expect(items.nth(1)).toContainText('Booking page');
  // The HTML is rendered, not shown as markup.
  await expect(items.nth(1).locator('strong')).toHaveText('there');
  await expect(items.nth(1)).not.toContainText('<strong>');
  const region = dialog.getByRole('region', { name: `Conversation with ${name}` });
  await expect(region).toHaveCSS('overflow-y', 'auto');
});

test('Turn into Client creates a client linked back to the contact and hides the button', async ({
  page,
  request,
  baseURL,
}) => {
  const name = unique('Convert Lead');
  const email = uniqueEmail('convert.lead');
  const id = await createLead(request, baseURL!, {
    name,
    email,
    phone: '555-0101',
    message: 'We want a shop.',
  });
  await signInFast(page, baseURL!);
  await openContacts(page, name);
  const card = contactItems(page).filter({ hasText: name });

  // A failure toasts the spec's text (docs/product.md §6.1).
  await page.route('**/convert-to-client', (route) =>
    route.fulfill({ status: 500, json: { error: 'boom' } }),
  );
  const confirm = page.getByRole('alertdialog', { name: 'Turn into Client?' });
  await card.getByRole('button', { name: 'Turn into Client' }).click();
  await confirm.getByRole('button', { name: 'Turn into Client' }).click();
  await expect(adminToasts(page).getByText('Failed to convert contact to client.')).toBeVisible();
  await page.unroute('**/convert-to-client');

  await card.getByRole('button', { name: 'Turn into Client' }).click();
  await confirm.getByRole('button', { name: 'Turn into Client' }).click();
  await expect(adminToasts(page).getByText('Client created')).toBeVisible();
  await expect(card.getByText('converted', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn into Client' })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Clients' }).click();
  const clientCard = page.getByRole('article').filter({ hasText: name });
  await expect(clientCard).toContainText(email);
  await expect(clientCard).toContainText('555-0101');
  const link = clientCard.getByRole('link', { name });
  await expect(link).toHaveAttribute('href', `/admin/contacts/${id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
