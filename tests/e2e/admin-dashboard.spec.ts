/**
 * The dashboard (spec §2 '/admin'): figures that match the data, the 5 recent contacts and the
 * 5 pending follow-ups (overdue highlighted), the chart's text alternative, and visit counting
 * (DESIGN §3 'Visits': real browsers count, bots do not).
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Analytics } from '../../src/shared/analytics.ts';
import type { ContactTask } from '../../src/shared/tasks.ts';
import { adminApi, sameOrigin, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';

/** The number shown on a stat card, e.g. 'Total Visits'. */
async function statValue(page: Page, label: string): Promise<number> {
  const text = await statCard(page, label).locator('p').first().textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

function statCard(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Figures' })
    .locator('div')
    .filter({
      has: page.getByRole('heading', { name: label, exact: true }),
    });
}

/** How many contacts match `query` (the list's `X-Total-Count`). */
async function countContacts(page: Page, baseURL: string, query = ''): Promise<number> {
  const res = await page.request.get(`/api/admin/contacts?limit=1${query}`, { headers: sameOrigin(baseURL) });
  return Number(res.headers()['x-total-count']);
}

test('the figures and lists match the data', async ({ page, request, baseURL }) => {
  // Four earlier leads of its own, so 'Recent Contacts' is full whatever ran before.
  for (let i = 0; i < 4; i++) {
    await createLead(request, baseURL!, {
      name: unique('Earlier Lead'),
      email: uniqueEmail('dashboard.earlier'),
      message: 'Earlier.',
    });
  }
  const name = unique('Dashboard Lead');
  const id = await createLead(request, baseURL!, {
    name,
    email: uniqueEmail('dashboard.lead'),
    message: 'Dashboard check.',
  });
  await signInFast(page, baseURL!);
  const overdueTitle = unique('Overdue follow-up');
  await adminApi(page, baseURL!, 'POST', '/api/admin/tasks', {
    contactId: id,
    title: overdueTitle,
    priority: 'high',
    // Far in the past, so it sorts first among pending tasks (pending first, by due date).
    dueAt: '2001-01-01T09:00:00.000Z',
  });

  await page.goto('/admin');
  await expect(page).toHaveTitle('Dashboard · Admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveText([
    'Contacts',
    'Clients',
    'Campaigns',
    'Credentials',
    'Mail setup',
    'Security',
  ]);
  await expect(nav.getByRole('link', { name: 'Mail setup' })).toHaveAttribute('href', '/admin/gmail-setup');
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visits and new contacts' })).toBeVisible();

  const analytics = await adminApi<Analytics>(page, baseURL!, 'GET', '/api/admin/analytics');
  const tasks = await adminApi<ContactTask[]>(page, baseURL!, 'GET', '/api/admin/tasks');
  const pending = tasks.filter((task) => task.status === 'pending');
  expect(analytics.totalContacts).toBe(await countContacts(page, baseURL!));
  expect(analytics.newContacts).toBe(await countContacts(page, baseURL!, '&status=new'));
  expect(analytics.pendingTasks).toBe(pending.length);
  await expect.poll(() => statValue(page, 'Total Visits')).toBe(analytics.totalVisits);
  expect(await statValue(page, 'Total Contacts')).toBe(analytics.totalContacts);
  expect(await statValue(page, 'New Contacts')).toBe(analytics.newContacts);
  expect(await statValue(page, 'Pending Tasks')).toBe(analytics.pendingTasks);

  // The chart has a text summary and a table with the 30 days.
  const contactsIn30Days = analytics.daily.reduce((sum, day) => sum + day.contacts, 0);
  await expect(
    page.getByText(new RegExp(`Last 30 days: .* and ${contactsIn30Days} new contacts?\\.`)),
  ).toBeVisible();
  await page.getByText('Show the numbers as a table').click();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(31);

  // Recent Contacts: the 5 newest, this lead first; each opens the contact.
  const recent = page
    .getByRole('heading', { name: 'Recent Contacts' })
    .locator('xpath=ancestor::*[@data-slot="card"]');
  await expect(recent.getByRole('listitem')).toHaveCount(5);
  await expect(recent.getByRole('listitem').first()).toContainText(name);

  // Pending Follow-ups: at most 5, the overdue one highlighted.
  const followUps = page
    .getByRole('heading', { name: 'Pending Follow-ups' })
    .locator('xpath=ancestor::*[@data-slot="card"]');
  await expect(followUps.getByRole('listitem')).toHaveCount(Math.min(5, pending.length));
  const overdue = followUps.getByRole('listitem').filter({ hasText: overdueTitle });
  await expect(overdue).toContainText('Overdue');
  await expect(overdue).toContainText(name);

  await recent.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a visit from a real browser raises Total Visits; a bot visit does not', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInFast(page, baseURL!);
  await page.goto('/admin');
  const before = await adminApi<Analytics>(page, baseURL!, 'GET', '/api/admin/analytics');

  const bot = await browser.newContext({
    baseURL,
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });
  await (await bot.newPage()).goto('/', { waitUntil: 'commit' });
  await bot.close();
  await page.reload();
  await expect.poll(() => statValue(page, 'Total Visits')).toBe(before.totalVisits);

  // The admin's own visit (session cookie) is not counted either.
  await page.goto('/', { waitUntil: 'commit' });
  await page.goto('/admin');
  await expect.poll(() => statValue(page, 'Total Visits')).toBe(before.totalVisits);

  const visitor = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  });
  await (await visitor.newPage()).goto('/', { waitUntil: 'commit' });
  await visitor.close();
  await page.reload();
  await expect.poll(() => statValue(page, 'Total Visits')).toBe(before.totalVisits + 1);
});
