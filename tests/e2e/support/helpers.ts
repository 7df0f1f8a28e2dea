/** Shared steps of the browser tests. Each test makes its own data (unique names per run). */

import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { ContactRequest } from '../../../src/shared/contact.ts';
import { SCROLL_LOCK_MS } from '../../../src/web/landing/lib/swipe-lock.ts';
import { type APIRequestContext, expect, type Locator, type Page } from './test';

let sequence = 0;

/** A value unique to this run and call, e.g. `unique('Lead')` → `Lead 1712345678901-3`. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix} ${Date.now()}-${sequence}`;
}

/**
 * An address unique to this run and call, e.g. `uniqueEmail('detail.lead')` →
 * `detail.lead.1712345678901-4@example.com`: one contact per address (decision 019), so a test
 * that reused a fixed address would find the contact an earlier test or run made.
 */
export function uniqueEmail(local: string): string {
  sequence += 1;
  return `${local}.${Date.now()}-${sequence}@example.com`;
}

/** Opens the landing and waits until React has hydrated it (the page sets `html[data-hydrated]`). */
export async function gotoLanding(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/**
 * Installs Playwright's fake clock, paused, before the page is opened: from then on the page's
 * timers fire only when the test calls `page.clock.runFor`. The next document replays the clock's
 * log, so its `performance.now()` starts near 0 (the real time between the two calls here) and
 * `Date.now()` near the real time plus 10 s. The pause target is taken from the installed time,
 * not from the moment of the call: a loaded machine can spend more than a few milliseconds between
 * the two calls, and a target already in the clock's past throws 'Cannot fast-forward to the past'.
 */
export async function installPausedClock(page: Page): Promise<void> {
  const installedAt = Date.now();
  await page.clock.install({ time: installedAt });
  await page.clock.pauseAt(installedAt + 10_000);
}

/** The toast area (Radix Toast viewport, 'Notifications (F8)'). */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

/**
 * Waits for the landing's 'Message sent!' toast after a submit. The form first finishes its proof of
 * work in the browser (about 35,000 SHA-256 hashes, decision 037): CPU work by design, a second on
 * a quiet machine and several on a busy two-core one, so this one wait allows 30 s.
 */
export async function expectMessageSent(page: Page): Promise<void> {
  await expect(toasts(page).getByText('Message sent!')).toBeVisible({ timeout: 30_000 });
}

/** The fields of a contact form inside `scope` (the contact card or the dialog). */
export function contactFields(scope: Locator) {
  return {
    name: scope.getByLabel('Name', { exact: true }),
    email: scope.getByLabel('Email', { exact: true }),
    phone: scope.getByLabel('Phone (optional)'),
    message: scope.getByLabel('Message', { exact: true }),
    preferTextAndCall: scope.getByLabel('Check if you prefer a text and a call'),
    submit: scope.getByRole('button', { name: /Send Message|Sending\.\.\./ }),
  };
}

/** Fills a contact form; `phone` and the checkbox only when given. */
export async function fillContactForm(
  scope: Locator,
  values: { name: string; email: string; message: string; phone?: string; preferTextAndCall?: boolean },
): Promise<void> {
  const fields = contactFields(scope);
  await fields.name.fill(values.name);
  await fields.email.fill(values.email);
  if (values.phone !== undefined) await fields.phone.fill(values.phone);
  await fields.message.fill(values.message);
  if (values.preferTextAndCall) await fields.preferTextAndCall.check();
}

/**
 * Stores a lead straight through the public API (same-origin headers, as a browser sends them),
 * with a solved proof of work as the landing's widget sends it (decision 037), so it is a lead,
 * not spam; returns its id.
 */
export async function createLead(
  request: APIRequestContext,
  baseURL: string,
  lead: ContactRequest,
): Promise<number> {
  const challenge = await (await request.get('/api/contact/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await request.post('/api/contact', {
    data: { altcha, ...lead },
    headers: { origin: baseURL, 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Signs in with the demo button on /admin/login and waits for the dashboard. */
export async function signInAsDemoAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Login as Admin (Test)' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/**
 * Waits until the page has settled for a screenshot or a measurement: no finite CSS animation or
 * transition still running (a dialog's zoom, a toast's slide; endless ones such as a spinner are
 * left alone), then two animation frames, so layout and paint caught up with the last change (a
 * resize, a new dialog). Replaces fixed sleeps: it returns as soon as that is true.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Waits out the mobile landing's swipe lock after a programmatic page change (a dot or arrow
 * pressed): a rule of time (docs/product.md §14.1), so a wait of its length, not a condition.
 */
export async function pastSwipeLock(page: Page): Promise<void> {
  await page.waitForTimeout(SCROLL_LOCK_MS + 100);
}
