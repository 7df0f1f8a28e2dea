/**
 * The mail setup screen (docs/product.md §10.2, §14.1): status, the
 * 600×700 popup that runs the real OAuth flow against local Google stand-ins (oauth2-mock-server
 * and a Gmail API endpoint, as in the API tests), polling every 2 s that stops after 2 minutes,
 * and the not-configured explanation. Connecting changes where every mail of the server goes, so
 * these tests run against a server of their own, configured for the stand-ins.
 */

import { type FakeGoogle, startFakeGoogle } from '../api/helpers/google.ts';
import { expectNoAxeViolations, signInFast, watchPageErrors } from './support/admin';
import { type AppServer, startAppServer } from './support/server';
import { test as base, expect, type Page } from './support/test';

/** The Workspace account the Google stand-in signs in as. */
const ACCOUNT = 'owner@brightlane.test';

const test = base.extend<object, { google: FakeGoogle; mailServer: AppServer }>({
  google: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const google = await startFakeGoogle(ACCOUNT);
      await use(google);
      await google.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  mailServer: [
    async ({ google }, use) => {
      const server = await startAppServer({
        GOOGLE_CLIENT_ID: 'e2e-client',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_ISSUER: google.issuerUrl,
        GMAIL_API_URL: google.gmailUrl,
      });
      await use(server);
      await server.stop();
    },
    // A worker fixture gets the test's 30 s unless it says otherwise; a server's first start on
    // a busy two-core machine can take longer (the shared appServer allows the same).
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ mailServer }, use) => use(mailServer.baseUrl),
});

const STATUS = '/api/auth/google/status';

// A status poll can still be in a route handler when a test ends: closing the page disposes its
// response, which is no failure of the page.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

/** Records the arguments of every `window.open` call in `window.__opened`. */
async function recordPopups(page: Page, { block = false } = {}) {
  await page.addInitScript((blockOpen) => {
    const opened: unknown[][] = [];
    (window as unknown as { __opened: unknown[][] }).__opened = opened;
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      opened.push(args);
      // Pretend the window opened but the admin never finishes in it.
      return blockOpen ? ({ closed: false } as Window) : open(...args);
    };
  }, block);
}

const opened = (page: Page) => page.evaluate(() => (window as unknown as { __opened: unknown[][] }).__opened);

test('the admin connects the Workspace account through the popup and the page shows it', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  await recordPopups(page);
  await signInFast(page, baseURL!);
  await page.goto('/admin/gmail-setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Gmail Workspace' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
    'Back to Dashboard',
    'Pipeline',
    'Site',
  ]);
  const status = page.getByTestId('gmail-status');
  await expect(status).toHaveText('Not Connected');
  await expect(page.getByText(/All mail is sent from the company info address, .+@.+\./)).toBeVisible();
  await expect(page.getByText(/saved as \.eml files in the outbox folder/)).toBeVisible();
  await expect(page.getByText(`${baseURL}/api/auth/google/callback`)).toBeVisible();
  await expect(page.getByText('Internal', { exact: true })).toBeVisible();
  await expect(page.getByText(/Up to 2,000 emails per day/)).toBeVisible();
  await expect(page.getByText(/Used \d+ of 2,000 in the last 24 h/)).toBeVisible();

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Gmail Workspace' }).click();
  const popup = await popupPromise;
  expect(await opened(page)).toEqual([['/api/auth/google', 'gmail-connect', 'popup,width=600,height=700']]);
  // The stand-in issuer signs in at once; the callback page tells this window and closes.
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(status).toContainText('Connected');
  await expect(status).toContainText(ACCOUNT);
  await expect(page.getByText(`Outgoing mail goes through Gmail as ${ACCOUNT}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reconnect Gmail' })).toBeVisible();
  await expect(page.getByText('Waiting for you to finish in the Google window…')).toHaveCount(0);

  // A reload still shows the stored connection.
  await page.reload();
  await expect(status).toContainText(`Connected${ACCOUNT}`);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

test('after Connect the page polls every 2 s and stops after 2 minutes', async ({ page, baseURL }) => {
  await recordPopups(page, { block: true });
  await page.clock.install();
  await signInFast(page, baseURL!);
  const notConnected = { connected: false, email: null, reason: null, provider: 'outbox' };
  await page.route(`**${STATUS}`, async (route) => {
    const response = await route.fetch();
    return route.fulfill({ response, json: { ...(await response.json()), ...notConnected } });
  });
  await page.goto('/admin/gmail-setup');
  await expect(page.getByTestId('gmail-status')).toHaveText('Not Connected');
  let polls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === STATUS) polls++;
  });

  await page.getByRole('button', { name: 'Connect Gmail Workspace' }).click();
  await expect(page.getByText('Waiting for you to finish in the Google window…')).toBeVisible();
  await page.clock.runFor(10_000);
  await expect.poll(() => polls).toBeGreaterThanOrEqual(4);
  expect(polls).toBeLessThanOrEqual(6);
  await page.clock.runFor(115_000);
  await expect(page.getByText(/Stopped waiting after 2 minutes/)).toBeVisible();
  const atStop = polls;
  await page.clock.runFor(20_000);
  expect(polls).toBe(atStop);
});

test('without Google credentials on the server the page says what to configure', async ({
  page,
  baseURL,
}) => {
  await signInFast(page, baseURL!);
  await page.route(`**${STATUS}`, async (route) => {
    const response = await route.fetch();
    return route.fulfill({
      response,
      json: {
        ...(await response.json()),
        connected: false,
        configured: false,
        email: 'old@brightlane.test',
        reason: 'Google refused the stored authorization (invalid_grant).',
        provider: 'outbox',
      },
    });
  });
  await page.goto('/admin/gmail-setup');
  await expect(page.getByRole('note')).toContainText('Gmail is not configured on this server yet');
  await expect(page.getByRole('alert')).toContainText('The connection stopped working');
  await expect(page.getByRole('button', { name: 'Connect Gmail Workspace' })).toBeDisabled();
  await expectNoAxeViolations(page);
});
