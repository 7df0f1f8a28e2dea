/**
 * The dashboard (docs/product.md §5): figures that match the data, the 5 recent contacts and the
 * 5 pending follow-ups (overdue highlighted), the chart's text alternative, and visit counting
 * (decision 013: real browsers count, bots do not).
 */

import type { Analytics } from '../../src/shared/analytics.ts';
import type { ContactTask } from '../../src/shared/tasks.ts';
import { adminApi, sameOrigin, signInFast, visibleText } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { expect, type Locator, type Page, test } from './support/test';

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
    'Pipeline',
    'Clients',
    'Campaigns',
    'Credentials',
    'Mail setup',
    'Security',
    'Integrations',
    'Notifications',
    'Site',
  ]);
  await expect(nav.getByRole('link', { name: 'Mail setup' })).toHaveAttribute('href', '/admin/gmail-setup');
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visits and new contacts' })).toBeVisible();

  const analytics = await adminApi<Analytics>(page, baseURL!, 'GET', '/api/admin/analytics');
  const tasks = await adminApi<ContactTask[]>(page, baseURL!, 'GET', '/api/admin/tasks');
  const pending = tasks.filter((task) => task.status === 'pending');
  expect(analytics.totalContacts).toBe(await countContacts(page, baseURL!, '&view=all'));
  expect(analytics.newContacts).toBe(await countContacts(page, baseURL!, '&view=form&status=new'));
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
  await expect(
    page.getByRole('table', { name: /new contacts per day, last 30 days/ }).getByRole('row'),
  ).toHaveCount(31);

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

test('the dashboard cards stack without holes; the header names every destination at 390 px', async ({
  page,
  baseURL,
}) => {
  await signInFast(page, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByRole('heading', { name: 'Pending Follow-ups' })).toBeVisible();
  await expect(activity.getByRole('heading', { name: 'Recent Contacts' })).toBeVisible();
  // Every card starts right under the one above it in its column (24 px), or at the top.
  const cards = await activity.evaluate((section) => {
    const top = section.getBoundingClientRect().top;
    return [...section.children]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.height > 0)
      .map((r) => ({ left: Math.round(r.left), top: r.top - top, bottom: r.bottom - top }));
  });
  expect(new Set(cards.map((c) => c.left)).size).toBe(2);
  for (const left of new Set(cards.map((c) => c.left))) {
    const column = cards.filter((c) => c.left === left).sort((a, b) => a.top - b.top);
    expect(column[0]!.top).toBeLessThan(1);
    for (let i = 1; i < column.length; i++)
      expect(column[i]!.top - column[i - 1]!.bottom, JSON.stringify(cards)).toBeLessThanOrEqual(25);
  }
  await page.screenshot({ path: 'test-results/screenshots/dashboard-1280.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  const header = page.getByRole('banner');
  const links = header.getByRole('navigation', { name: 'Admin' });
  await expect(links.getByRole('link', { name: 'Contacts' })).toBeVisible();
  await expect(links.getByRole('button', { name: 'Logout' })).toBeVisible();
  // The brand's row, then the destinations with a word under each icon, four to a row (nine
  // destinations and Logout: three rows); the header scrolls away with the page (admin-header.tsx).
  const rows = await links.evaluate((el) => {
    const tops = [...el.querySelectorAll('a, button')]
      .map((e) => e.getBoundingClientRect())
      .filter((r) => r.height > 0)
      .map((r) => Math.round((r.top + r.bottom) / 2 / 16));
    return new Set(tops).size; // rows, by the centre line of what is in them
  });
  expect(rows).toBe(3);
  expect(await visibleText(links.getByRole('link', { name: 'Mail setup' }))).toBe('Mail');
  expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(230);
  // The chart follows the new width through a ResizeObserver, a frame or more later on a busy machine.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), {
      message: 'no sideways scroll at 390 px',
    })
    .toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/dashboard-390.png' });
});
