/**
 * The pipeline (decision 063) in a real browser against a server of its own (so its New column
 * and waiting list hold only this file's leads): the board at 1280 and 390 px, a card dragged with
 * the mouse and with the keyboard only (announcements read), 'Move to…' with Lost's reason on a
 * phone, a refused move rolled back with a toast, and 'Needs you today' with a lead past 20 hours
 * (the browser's clock moved on). Screenshots in test-results/screenshots/pipeline-*.png.
 */
import { test as base } from '@playwright/test';
import type { Board } from '../../src/shared/pipeline.ts';
import {
  adminApi,
  adminToasts,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  sameOrigin,
  signInFast,
} from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { type AppServer, startAppServer } from './support/server';
import { expect, type Page } from './support/test';

const test = base.extend<object, { pipelineServer: AppServer }>({
  pipelineServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const server = await startAppServer({ CURRENCY: 'EUR' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ pipelineServer }, use) => use(pipelineServer.baseUrl),
});
test.describe.configure({ mode: 'default' });

const contactStatus = async (page: Page, baseURL: string, id: number) =>
  (
    await adminApi<{ contact: { status: string; lostReason: string | null } }>(
      page,
      baseURL,
      'GET',
      `/api/admin/contacts/${id}`,
    )
  ).contact;
const column = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);
const card = (page: Page, id: number) => page.locator(`li[data-card="${id}"]`);

/** A form lead with a deal value (minor units). */
async function deal(page: Page, baseURL: string, prefix: string, value: number) {
  const name = unique(prefix);
  const id = await createLead(page.request, baseURL, {
    name,
    email: uniqueEmail('pipeline'),
    message: 'A project.',
  });
  await adminApi(page, baseURL, 'PATCH', `/api/admin/contacts/${id}`, { dealValue: value });
  return { id, name };
}

test('drag a card with the mouse, then with the keyboard only, at 1280 px', async ({ page, baseURL }) => {
  test.slow(); // two axe runs, a full-page screenshot and two drags
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFast(page, baseURL!);
  const a = await deal(page, baseURL!, 'Mouse Deal', 125_000);
  const b = await deal(page, baseURL!, 'Keyboard Deal', 40_050);
  const board = await adminApi<Board>(page, baseURL!, 'GET', '/api/admin/pipeline');
  const before = board.columns.find((c) => c.status === 'new')!;

  await page.goto('/admin/pipeline');
  await expect(page.getByRole('heading', { name: 'Pipeline', level: 1 })).toBeVisible();
  await expect(column(page, 'new').getByTestId('column-count')).toHaveText(String(before.count));
  await expect(column(page, 'new').getByTestId('column-value')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(before.value / 100),
  );
  await expect(card(page, a.id)).toContainText('€1,250.00');
  await expect(card(page, a.id)).toContainText('today in stage');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/pipeline-1280.png', fullPage: true });

  // The mouse: press the grip, move over Contacted in steps, release.
  const grip = card(page, a.id).getByRole('button', { name: `Move ${a.name}` });
  const from = (await grip.boundingBox())!;
  const to = (await column(page, 'contacted').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 15 });
  await page.mouse.up();
  await expect(column(page, 'contacted').locator(`li[data-card="${a.id}"]`)).toBeVisible();
  await expect(adminToasts(page).getByText(`${a.name} is now Contacted.`)).toBeVisible();
  await expect.poll(async () => (await contactStatus(page, baseURL!, a.id)).status).toBe('contacted');
  await expect(column(page, 'contacted').getByTestId('column-value')).toContainText('1,250.00');

  // The keyboard only: Tab to the grip, Space lifts, → twice, Space drops; each step announced.
  const kGrip = card(page, b.id).getByRole('button', { name: `Move ${b.name}` });
  await kGrip.focus();
  await expect(kGrip).toBeFocused();
  await page.keyboard.press('Space');
  const live = page.locator('[id^="DndLiveRegion"]');
  await expect(live).toContainText(`Picked up ${b.name} in New.`);
  await page.keyboard.press('ArrowRight');
  await expect(live).toContainText(`${b.name} is over Contacted.`);
  await page.keyboard.press('ArrowRight');
  await expect(live).toContainText(`${b.name} is over Qualified.`);
  await page.keyboard.press('Space');
  await expect(live).toContainText(`${b.name} was dropped in Qualified.`);
  await expect(column(page, 'qualified').locator(`li[data-card="${b.id}"]`)).toBeVisible();
  await expect.poll(async () => (await contactStatus(page, baseURL!, b.id)).status).toBe('qualified');
  // Escape cancels: lifted and moved, nothing changes.
  await column(page, 'qualified')
    .getByRole('button', { name: `Move ${b.name}` })
    .focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText(`Picked up ${b.name} in Qualified.`);
  await page.keyboard.press('ArrowRight');
  await expect(live).toContainText(`${b.name} is over Converted.`);
  await page.keyboard.press('Escape');
  await expect(live).toContainText(`Moving ${b.name} was cancelled.`);
  await expect(column(page, 'qualified').locator(`li[data-card="${b.id}"]`)).toBeVisible();
  expect((await contactStatus(page, baseURL!, b.id)).status).toBe('qualified');
  await expectNoAxeViolations(page);
});

test('drag a card by touch: hold, move, release (a tablet at 1280 px)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    hasTouch: true,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  try {
    await signInFast(page, baseURL!);
    const t = await deal(page, baseURL!, 'Touch Deal', 55_500);
    await page.goto('/admin/pipeline');
    const grip = card(page, t.id).getByRole('button', { name: `Move ${t.name}` });
    await expect(grip).toBeVisible();
    const from = (await grip.boundingBox())!;
    const to = (await column(page, 'qualified').boundingBox())!;
    // Real touch events (the DevTools protocol): the sensor lifts the card after a 200 ms hold.
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
      });
    const x0 = from.x + from.width / 2;
    const y0 = from.y + from.height / 2;
    await touch('touchStart', x0, y0);
    await page.waitForTimeout(350);
    const x1 = to.x + to.width / 2;
    const y1 = to.y + 80;
    for (let i = 1; i <= 12; i++)
      await touch('touchMove', x0 + ((x1 - x0) * i) / 12, y0 + ((y1 - y0) * i) / 12);
    await touch('touchEnd', x1, y1);
    await expect(column(page, 'qualified').locator(`li[data-card="${t.id}"]`)).toBeVisible();
    await expect.poll(async () => (await contactStatus(page, baseURL!, t.id)).status).toBe('qualified');
  } finally {
    await context.close();
  }
});

test("on a phone 'Move to…' moves a card, and Lost asks why", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFast(page, baseURL!);
  const c = await deal(page, baseURL!, 'Phone Deal', 99_900);
  await page.goto('/admin/pipeline');
  const select = card(page, c.id).getByLabel(`Move ${c.name} to…`);
  await expect(select).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/pipeline-390.png', fullPage: true });
  await select.selectOption({ label: 'Lost' });
  const dialog = page.getByRole('dialog', { name: 'Why was the deal lost?' });
  await expect(dialog).toBeVisible();
  // No reason: refused in the dialog, nothing sent.
  await dialog.getByRole('button', { name: 'Mark lost' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose why the deal was lost.');
  await dialog.getByRole('radio', { name: 'Other', exact: true }).check();
  await dialog.getByLabel('What happened?').fill('They built it in-house');
  await page.screenshot({ path: 'test-results/screenshots/pipeline-lost-390.png' });
  await dialog.getByRole('button', { name: 'Mark lost' }).click();
  await expect(column(page, 'lost').locator(`li[data-card="${c.id}"]`)).toHaveCount(1);
  await expect
    .poll(async () => contactStatus(page, baseURL!, c.id))
    .toMatchObject({ status: 'lost', lostReason: 'other' });
});

test('a move the server refuses goes back, with a toast', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFast(page, baseURL!);
  const gone = await deal(page, baseURL!, 'Gone Deal', 10_00);
  await page.goto('/admin/pipeline');
  await expect(card(page, gone.id)).toBeVisible();
  // Erased in another tab meanwhile: the move answers 404.
  await adminApi(page, baseURL!, 'DELETE', `/api/admin/contacts/${gone.id}`);
  await column(page, 'new')
    .getByRole('button', { name: `Move ${gone.name}` })
    .focus();
  const live = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  await expect(live).toContainText(`Picked up ${gone.name} in New.`);
  await page.keyboard.press('ArrowRight');
  await expect(live).toContainText(`${gone.name} is over Contacted.`);
  await page.keyboard.press('Space');
  const refused = adminToasts(page)
    .getByRole('listitem')
    .filter({ hasText: `Could not move ${gone.name}` });
  await expect(refused).toContainText('Contact not found. It is back in New.');
  await expect(column(page, 'new').locator(`li[data-card="${gone.id}"]`)).toBeVisible();
  await expect(column(page, 'contacted').locator(`li[data-card="${gone.id}"]`)).toHaveCount(0);
});

test("'Needs you today' marks a lead waiting past 20 hours red, at 1280 and 390 px", async ({
  page,
  baseURL,
}) => {
  await signInFast(page, baseURL!);
  const name = unique('Waiting Lead');
  const id = await createLead(page.request, baseURL!, {
    name,
    email: uniqueEmail('waiting'),
    message: 'Hello?',
  });
  test.slow(); // two widths, each with axe and a screenshot
  // The browser's clock 21 hours on: the server answers the lead as waiting, the page ages it.
  // Only Date moves: timers and animation frames keep running (a fully faked clock once held a
  // screenshot's animation frame past the test's time on a loaded CI machine).
  await page.clock.setFixedTime(Date.now() + 21 * 3_600_000);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin');
    const today = page.getByRole('heading', { name: 'Needs you today' });
    await expect(today).toBeVisible();
    // The card comes before the figures.
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.indexOf('Needs you today')).toBe(0);
    const row = page.locator(`a[data-waiting="${id}"]`);
    await expect(row).toContainText(name);
    await expect(row.locator('[data-level]')).toHaveAttribute('data-level', 'red');
    await expect(row).toContainText('21 h');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/screenshots/pipeline-today-${width}.png` });
  }
  // Answered by a move off New: it leaves the list.
  await adminApi(page, baseURL!, 'POST', `/api/admin/contacts/${id}/status`, { status: 'contacted' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Needs you today' })).toBeVisible();
  await expect(page.locator(`a[data-waiting="${id}"]`)).toHaveCount(0);
});

test('a long column loads its next cards as the owner scrolls, and keeps few in the page', async ({
  page,
  baseURL,
}) => {
  test.slow(); // 130 contacts imported and a column scrolled to its end
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFast(page, baseURL!);
  // 130 contacts entering at Converted (a CSV import with a status column): three pages of 50.
  const prefix = unique('Scroll Deal');
  const lines = ['Name,Email,Status'];
  for (let i = 1; i <= 130; i++)
    lines.push(`${prefix} ${String(i).padStart(3, '0')},${uniqueEmail('scroll')},Converted`);
  const res = await page.request.post('/api/admin/contacts/import', {
    headers: sameOrigin(baseURL!),
    multipart: {
      file: { name: 'deals.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const board = await adminApi<Board>(page, baseURL!, 'GET', '/api/admin/pipeline');
  const converted = board.columns.find((c) => c.status === 'converted')!;
  expect(converted.count).toBeGreaterThanOrEqual(130);
  expect(converted.cards).toHaveLength(50);

  await page.goto('/admin/pipeline');
  const scroll = column(page, 'converted').getByTestId('column-scroll');
  await expect(column(page, 'converted').locator('li[data-card]').first()).toBeVisible();
  // Virtualised: far fewer cards in the page than the column holds.
  expect(await column(page, 'converted').locator('li[data-card]').count()).toBeLessThan(30);
  // Scrolled to its end again and again: the last card in the page becomes the column's last
  // (two more pages of 50 and 30 loaded on the way), each card listed once.
  const lastIndex = () =>
    scroll.evaluate((el) => {
      el.scrollTo({ top: el.scrollHeight });
      return Math.max(
        ...[...el.querySelectorAll('li[data-index]')].map((li) => Number(li.getAttribute('data-index'))),
      );
    });
  await expect.poll(lastIndex, { timeout: 30_000, intervals: [500] }).toBe(converted.count - 1);
  const names = await column(page, 'converted').locator('li[data-card] a').allTextContents();
  expect(new Set(names).size).toBe(names.length);
  expect(names.every((n) => n.startsWith(prefix))).toBe(true);
  expect(await column(page, 'converted').locator('li[data-card]').count()).toBeLessThan(30);
  await expectNoHorizontalScroll(page);
});

test("'Where revenue comes from' under the board and on the dashboard, at 1280 and 390 px", async ({
  page,
  baseURL,
}) => {
  test.slow(); // two screens at two widths, each with axe
  await signInFast(page, baseURL!);
  const won = await deal(page, baseURL!, 'Won Deal', 321_000);
  await adminApi(page, baseURL!, 'POST', `/api/admin/contacts/${won.id}/status`, { status: 'converted' });
  const report = await adminApi<{ rows: { source: string; won: number; wonValue: number }[] }>(
    page,
    baseURL!,
    'GET',
    '/api/admin/reports/sources?days=30',
  );
  const direct = report.rows.find((r) => r.source === 'Direct')!;
  expect(direct.wonValue).toBeGreaterThanOrEqual(321_000);
  const money = (minor: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(minor / 100);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/admin/pipeline', '/admin']) {
      await page.goto(path);
      const card = page.getByTestId('revenue-by-source');
      await expect(card.getByRole('heading', { name: 'Where revenue comes from' })).toBeVisible();
      await expect(card.getByText('By first-touch source, last 90 days', { exact: true })).toBeVisible();
      await card.getByRole('button', { name: '30 days' }).click();
      await expect(card.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
      await expect(card.getByText('By first-touch source, last 30 days', { exact: true })).toBeVisible();
      const row = card.locator('tr[data-source="Direct"]');
      await expect(row).toContainText(money(direct.wonValue));
      // The 30-day figures have arrived: the table is no longer dimmed as the previous window's.
      await expect(card.locator('table')).toHaveAttribute('aria-busy', 'false');
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page, '[data-testid="revenue-by-source"]');
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({
        path: `test-results/screenshots/${path === '/admin' ? 'dashboard' : 'pipeline'}-revenue-${width}.png`,
      });
    }
  }
});
