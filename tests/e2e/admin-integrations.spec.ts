/**
 * The Integrations screen (decisions 065, 066) in the real browser against the built server, with
 * a real HTTP receiver on loopback (WEBHOOK_ALLOW_PRIVATE=true): the owner adds a webhook endpoint
 * through the form and copies its secret (shown once), a lead from the contact form arrives at
 * the receiver signed so the `standardwebhooks` package verifies it, 'Send test' and 'Resend' post
 * again and show in the delivery log; an API token made through the form (shown once) calls the
 * API with `Authorization: Bearer` and stops working after Revoke. Screenshots at 1280 and 390 px
 * go to test-results/screenshots/.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInFast,
  watchPageErrors,
} from './support/admin';
import { createLead, settled } from './support/helpers';
import { type AppServer, startAppServer } from './support/server';
import { expect, test } from './support/test';

const shots = 'test-results/screenshots';

test.describe.configure({ mode: 'default' });

let server: AppServer;
let receiver: http.Server;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let hookUrl = '';

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/n8n-hook`;
  server = await startAppServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
});
test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('adds a webhook, receives a signed lead, sends a test and resends; a token works until revoked', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const baseURL = server.baseUrl;
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInFast(page, baseURL);
  const problems = watchPageErrors(page);
  await page.goto(`${baseURL}/admin`);
  await page.getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

  // An empty form names what is missing.
  const hookForm = page.getByRole('form', { name: 'New webhook endpoint' });
  await hookForm.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(hookForm.getByText('URL is required')).toBeVisible();

  await hookForm.getByLabel('URL').fill(hookUrl);
  await hookForm.getByLabel('Description (optional)').fill('n8n on the office server');
  await hookForm.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByText('Endpoint added', { exact: true }).first()).toBeVisible();
  const secretBox = page.getByRole('status').filter({ hasText: 'Signing secret' });
  const secret = (await secretBox.locator('code').textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);
  const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
  await expect(endpoints).toContainText(hookUrl);

  await createLead(page.request, baseURL, {
    name: 'Anna Schmidt',
    email: `anna${Date.now()}@example.com`,
    message: 'We need an app.',
    preferTextAndCall: false,
  });
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
  const lead = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
  expect(lead).toMatchObject({ type: 'lead.created', data: { name: 'Anna Schmidt' } });

  const row = endpoints.getByRole('listitem').filter({ hasText: hookUrl }).first();
  await row.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Test event queued', { exact: true }).first()).toBeVisible();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
  const log = page.getByRole('list', { name: `Deliveries to ${hookUrl}` });
  await expect(log.getByRole('listitem').filter({ hasText: 'webhook.test' })).toContainText('delivered', {
    timeout: 30_000,
  });
  await expect(log.getByRole('listitem').filter({ hasText: 'lead.created' })).toContainText('HTTP 204');
  await log
    .getByRole('listitem')
    .filter({ hasText: 'lead.created' })
    .getByRole('button', { name: /^Resend/ })
    .click();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(3);
  expect(JSON.parse(received[2]!.body)).toEqual(JSON.parse(received[0]!.body));

  // A token, made through the form and shown once.
  const tokenForm = page.getByRole('form', { name: 'New API token' });
  await tokenForm.getByLabel('Name').fill('Zapier');
  await tokenForm.getByLabel('Scope').selectOption('read');
  await tokenForm.getByRole('button', { name: 'Create token' }).click();
  const tokenBox = page.getByRole('status').filter({ hasText: 'Your new token' });
  const token = (await tokenBox.locator('code').textContent())!.trim();
  expect(token).toMatch(/^crm_/);
  const withToken = await page.request.get(`${baseURL}/api/admin/contacts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(withToken.status()).toBe(200);
  expect(JSON.stringify(await withToken.json())).toContain('Anna Schmidt');

  await expectNoAxeViolations(page);
  for (const { label, width, height } of [
    { label: 'desktop', width: 1280, height: 900 },
    { label: 'mobile', width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/admin-integrations-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const tokens = page.getByRole('list', { name: 'API tokens' });
  await tokens.getByRole('button', { name: 'Revoke Zapier' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('No tokens yet.')).toBeVisible();
  const revoked = await page.request.get(`${baseURL}/api/admin/contacts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.status()).toBe(401);
  expect(problems).toEqual([]);
  await context.close();
});
