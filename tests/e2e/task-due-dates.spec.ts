/**
 * Due dates on screen (decision 025): the dashboard's 'Pending Follow-ups' lists
 * overdue tasks first, marked in red with an icon and the word 'Overdue'; a client task takes an
 * optional due date in its 'Add Task' dialog and shows it on the card, overdue ones marked the same
 * way; the reminder email's link to a client card scrolls to it. Screenshots at 1280 and 390 px go
 * to test-results/screenshots/ (not committed).
 */

import type { Client } from '../../src/shared/clients.ts';
import { adminApi, adminToasts, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { expect, type Page, test } from './support/test';

const dir = 'test-results/screenshots';

/** `YYYY-MM-DD` of the browser's local day `days` from today (what a date field holds). */
function localDay(page: Page, days: number): Promise<string> {
  return page.evaluate((offset) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);
}

test('Pending Follow-ups lists overdue tasks first, in red with the word Overdue', async ({
  page,
  request,
  baseURL,
}) => {
  const id = await createLead(request, baseURL!, {
    name: unique('Reminder Lead'),
    email: uniqueEmail('reminder.lead'),
    message: 'Due dates on the dashboard.',
  });
  await signInFast(page, baseURL!);
  const later = unique('Due next year');
  const overdue = unique('Long overdue');
  // The later one is added first: the list must not simply show the newest first.
  await adminApi(page, baseURL!, 'POST', '/api/admin/tasks', {
    contactId: id,
    title: later,
    dueAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  });
  await adminApi(page, baseURL!, 'POST', '/api/admin/tasks', {
    contactId: id,
    title: overdue,
    priority: 'high',
    // Earlier than any other test's task, so it is the first of the five shown.
    dueAt: '2000-01-01T09:00:00.000Z',
  });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    const heading = page.getByRole('heading', { name: 'Pending Follow-ups' });
    const card = page
      .locator('div')
      .filter({ has: heading })
      .filter({ has: page.getByRole('list') })
      .last();
    const list = card.getByRole('listitem');
    const first = list.first();
    await expect(first).toContainText(overdue);
    // The word and the icon, not only the colour; and red (the row's border and background).
    await expect(first.getByText('Overdue', { exact: true })).toBeVisible();
    await expect(first.getByText('Overdue', { exact: true }).locator('svg')).toHaveCount(1);
    await expect(first.getByRole('link')).toHaveClass(/border-red-400\/50/);
    await expect(first.getByRole('link')).toHaveClass(/bg-red-500\/10/);
    // Every overdue item comes before every other one.
    const flags = await list.evaluateAll((items) =>
      // The badge itself: textContent runs words together ('…a1b2Overdue'), so a word match would
      // depend on the random suffix of the title before it.
      items.map((li) =>
        Array.from(li.querySelectorAll('*')).some((el) => el.textContent?.trim() === 'Overdue'),
      ),
    );
    expect(flags.indexOf(false) === -1 || flags.lastIndexOf(true) < flags.indexOf(false), String(flags)).toBe(
      true,
    );
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${dir}/reminders-dashboard-${width}.png`, fullPage: true });
  }
});

test('a client task takes an optional due date, shown on the card; past ones are marked Overdue', async ({
  page,
  baseURL,
}) => {
  await signInFast(page, baseURL!);
  const name = unique('Due Date Client');
  const client = await adminApi<Client>(page, baseURL!, 'POST', '/api/admin/clients', { name });
  await page.goto('/admin/clients');
  const card = page.getByRole('article').filter({ hasText: name });

  const add = async (title: string, due: string | null) => {
    await card.getByRole('button', { name: `Add Task for ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Task' });
    await dialog.getByLabel('Title').fill(title);
    if (due) await dialog.getByLabel('Due date (optional)').fill(due);
    await dialog.getByRole('button', { name: 'Add Task' }).click();
    await expect(adminToasts(page).getByText('Task added').first()).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  const yesterday = await localDay(page, -1);
  const tomorrow = await localDay(page, 1);
  await add('Send the invoice', yesterday);
  await add('Plan the launch', tomorrow);
  await add('Whenever', null);

  const item = (title: string) => card.getByRole('listitem').filter({ hasText: title });
  await expect(item('Send the invoice').getByText('Overdue', { exact: true })).toBeVisible();
  await expect(item('Send the invoice').locator('time')).toHaveAttribute('datetime', /Z$/);
  await expect(item('Plan the launch').getByText(/^Due /)).toBeVisible();
  await expect(item('Plan the launch').getByText('Overdue', { exact: true })).toHaveCount(0);
  await expect(item('Whenever').getByText(/Due /)).toHaveCount(0);

  // Stored as the end of the chosen local day.
  const tasks = await adminApi<{ title: string; dueAt: string | null }[]>(
    page,
    baseURL!,
    'GET',
    `/api/admin/clients/${client.id}/tasks`,
  );
  const endOfDay = await page.evaluate((d) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, day, 23, 59, 59, 999).toISOString();
  }, yesterday);
  expect(tasks.map((t) => [t.title, t.dueAt])).toEqual([
    ['Send the invoice', endOfDay],
    ['Plan the launch', expect.any(String)],
    ['Whenever', null],
  ]);

  // Done: no longer overdue.
  await item('Send the invoice').getByRole('checkbox').check();
  await expect(item('Send the invoice').getByText('Overdue', { exact: true })).toHaveCount(0);
  await item('Send the invoice').getByRole('checkbox').uncheck();
  await expect(item('Send the invoice').getByText('Overdue', { exact: true })).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The reminder email links to the card: the page scrolls to it once the list is loaded.
    await page.goto(`/admin/clients#client-${client.id}`);
    await expect(card).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await card.screenshot({ path: `${dir}/reminders-client-card-${width}.png` });
  }
});
