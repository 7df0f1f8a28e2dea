/** Shared steps of the admin browser tests: fast sign-in, API shortcuts and page checks. */
import AxeBuilder from '@axe-core/playwright';
import { DEMO_ADMIN } from '../../../src/shared/auth.ts';
import { type APIRequestContext, expect, type Locator, type Page } from './test';

/** Headers a browser sends on a same-origin request (the server refuses cross-site writes). */
export function sameOrigin(baseURL: string) {
  return { origin: baseURL, 'sec-fetch-site': 'same-origin' };
}

/**
 * Signs the page's browser context in with the demo pair through the API (the session cookie
 * lands in the context), skipping the login screen that admin.spec.ts already covers.
 */
export async function signInFast(page: Page, baseURL: string): Promise<void> {
  const res = await page.request.post('/api/admin/login', { data: DEMO_ADMIN, headers: sameOrigin(baseURL) });
  expect(res.status(), await res.text()).toBe(200);
}

/** A JSON call to the admin API with the page's session (for setup and cross-checks). */
export async function adminApi<T = unknown>(
  page: Page,
  baseURL: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const request: APIRequestContext = page.request;
  const res = await request.fetch(path, { method, data, headers: sameOrigin(baseURL) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Asserts that axe-core finds no violations on the page (or inside `include`). Frames are not
 * entered: the admin's only frames are the sandboxed email previews, where no script (axe
 * included) may run, and whose content is the admin's own email rather than the product's UI.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).exclude('iframe');
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(
    results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    })),
  ).toEqual([]);
}

/** Collects console errors and uncaught page errors (warnings about React dev tools aside). */
export function watchPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * The toast list, also while a modal dialog is open: Radix Dialog hides the rest of the page
 * from assistive technology (`aria-hidden`), and Radix Toast announces each toast through its
 * own live region instead, so role queries must include hidden elements here.
 */
export function adminToasts(page: Page) {
  return page.getByRole('region', { name: /Notifications/, includeHidden: true });
}

/** Asserts that the page does not scroll sideways (nothing wider than the viewport, e.g. at 390 px). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  // Polled: right after a viewport change, parts sized by a ResizeObserver (the dashboard's
  // chart) keep their old width for a frame or two; an overflow that stays still fails.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'page wider than the viewport (px)',
    })
    .toBeLessThanOrEqual(0);
}

/**
 * The contacts shown on /admin/contacts, whichever layout the width gives: table rows from
 * 1024 px, cards below (decision 040). Each carries `data-contact-id`.
 */
export function contactItems(page: Page) {
  return page.locator('[data-contact-id]');
}

/**
 * The words a sighted person sees in an element: the text of its descendants that take up more
 * than a pixel (screen-reader-only text, clipped to 1 px, is left out), and text drawn by CSS
 * (`::before { content: … }`) on a shown element.
 */
export function visibleText(locator: Locator): Promise<string> {
  return locator.evaluate((root) => {
    const words: string[] = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const rect = el.getBoundingClientRect();
      const drawn = getComputedStyle(el, '::before').content;
      if (rect.width > 1 && rect.height > 1 && /^".+"$/.test(drawn)) words.push(drawn.slice(1, -1));
    }
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const rect = node.parentElement?.getBoundingClientRect();
      if (rect && rect.width > 1 && rect.height > 1 && node.textContent?.trim())
        words.push(node.textContent.trim());
    }
    return words.join(' ');
  });
}
