/**
 * JavaScript budgets (decision 028). Sizes are a deterministic property of the build,
 * so, unlike timings, they are tested: the landing's JS for a visitor who does not interact stays
 * ≤ 100 KB brotli on a phone and on a wide screen, and the admin's login screen and dashboard
 * need ≤ 120 KB brotli before they show, the dashboard's chart coming after.
 *
 * bench/bundles.ts computes the sizes from the build's chunk graph and a list of the lazy modules
 * each page loads by itself. The browser checks below make sure that list is true: Chromium
 * fetches exactly those files, no more, and the deferred parts (toaster, chart, tooltips) only
 * later.
 */

import { lazyChunk, measureVisit, VISITS, type Visit } from '../../bench/bundles.ts';
import { signInFast } from './support/admin';
import { gotoLanding } from './support/helpers';
import { expect, type Page, test } from './support/test';

const visit = (prefix: string): Visit => {
  const found = VISITS.find((candidate) => candidate.what.startsWith(prefix));
  if (!found) throw new Error(`No budgeted visit '${prefix}…'.`);
  return found;
};
const PHONE = visit('landing JS, first 10 s, phone');
const DESKTOP = visit('landing JS, first 10 s, desktop');
const LOGIN = visit('admin JS before the login screen');
const DASHBOARD = visit('admin JS before the dashboard');
const CHART = 'admin/features/analytics/components/visits-chart.tsx';

/** Long enough for the idle-time chunks (the landing's `Deferred` waits up to 1.5 s). */
const SETTLE_MS = 3_000;

/** The `/assets/*.js` files the page has fetched, as `assets/<file>`, with their start times. */
async function scriptsFetched(page: Page): Promise<{ file: string; startTime: number }[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }))
      .filter(({ path }) => /^\/assets\/[^/]+\.js$/.test(path))
      .map(({ path, startTime }) => ({ file: path.slice(1), startTime })),
  );
}

/** Records in `window.__screenAt` when an `<h1>` with `text` first appears (performance.now()). */
async function markScreen(page: Page, text: string): Promise<void> {
  await page.addInitScript((heading) => {
    const observer = new MutationObserver(() => {
      const found = [...document.querySelectorAll('h1')].some((h1) => h1.textContent?.trim() === heading);
      if (!found) return;
      (window as unknown as { __screenAt: number }).__screenAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  }, text);
}

/** Splits the fetched scripts into those asked for before the marked screen showed and after. */
async function beforeAndAfterScreen(page: Page): Promise<{ before: string[]; after: string[] }> {
  const screenAt = await page.evaluate(() => (window as unknown as { __screenAt?: number }).__screenAt);
  expect(screenAt, 'the screen never showed').toBeDefined();
  const fetched = await scriptsFetched(page);
  return {
    before: fetched.filter((entry) => entry.startTime < (screenAt ?? 0)).map((entry) => entry.file),
    after: fetched.filter((entry) => entry.startTime >= (screenAt ?? 0)).map((entry) => entry.file),
  };
}

test('the budgets hold: landing ≤ 100 KB br in the first 10 s, admin first screens ≤ 120 KB br', () => {
  for (const budgeted of VISITS) {
    const load = measureVisit(budgeted);
    expect(load.bytes, `${budgeted.what}: ${load.files.join(', ')}`).toBeLessThanOrEqual(
      budgeted.budgetBytes,
    );
  }
  // The chart is its own chunk, outside what the dashboard needs to show.
  const chart = lazyChunk('admin', CHART);
  expect(measureVisit(DASHBOARD).files).not.toContain(chart.file);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the landing fetches exactly the budgeted files when nobody touches it', async ({ page }) => {
    await gotoLanding(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    const fetched = (await scriptsFetched(page)).map((entry) => entry.file);
    expect(fetched.sort()).toEqual([...measureVisit(PHONE).files].sort());
  });
});

test('the landing on a wide screen fetches exactly the budgeted files, the tooltips on first interaction', async ({
  page,
}) => {
  await gotoLanding(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
  // The intro's sound is budgeted as an upper bound: it is fetched only if the burst (1.8 s)
  // comes after the page is interactive, which a busy machine may not give.
  const optional = (file: string) => /\/splash-sound-[\w-]+\.js$/.test(file);
  const expected = [...measureVisit(DESKTOP).files].filter((file) => !optional(file));
  const fetched = (await scriptsFetched(page)).map((entry) => entry.file).filter((file) => !optional(file));
  expect(fetched.sort()).toEqual(expected.sort());

  // The first pointer movement brings the tooltip code; a hover then shows the tooltip.
  await page.mouse.move(600, 400);
  await expect
    .poll(async () => (await scriptsFetched(page)).some((entry) => /\/tooltip-[\w-]+\.js$/.test(entry.file)))
    .toBe(true);
  await page.getByRole('button', { name: 'Next section' }).hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
});

test('the login screen shows with the budgeted files; the toaster and the dashboard come after', async ({
  page,
}) => {
  await markScreen(page, 'Admin Login');
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(SETTLE_MS);
  const { before, after } = await beforeAndAfterScreen(page);
  expect(before.sort()).toEqual([...measureVisit(LOGIN).files].sort());
  expect(after.some((file) => /\/toaster-[\w-]+\.js$/.test(file))).toBe(true);
  expect(after.some((file) => /\/dashboard-[\w-]+\.js$/.test(file))).toBe(true);
});

test('the dashboard shows with the budgeted files; the chart and the toaster come after', async ({
  page,
  baseURL,
}) => {
  await signInFast(page, baseURL ?? '');
  await markScreen(page, 'Dashboard');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.locator('.recharts-wrapper')).toBeVisible();
  // The toaster waits for an idle moment after the screen (1 s at the latest), which a busy
  // machine can push past the network's first quiet half second: wait for it, then split.
  await expect
    .poll(async () => (await scriptsFetched(page)).some((entry) => /\/toaster-[\w-]+\.js$/.test(entry.file)))
    .toBe(true);
  const { before, after } = await beforeAndAfterScreen(page);
  expect(before.sort()).toEqual([...measureVisit(DASHBOARD).files].sort());
  expect(after).toContain(lazyChunk('admin', CHART).file);
  expect(after.some((file) => /\/toaster-[\w-]+\.js$/.test(file))).toBe(true);
});
