/**
 * In the browser, on an owner's database upgraded from before one contact per
 * address: the server of this file starts on a data folder written before migration 0001 with the
 * same people twice, so the upgrade itself runs here. Covers the merge on the contact detail, the
 * resend dialog's '(Already sent)' by address, campaign mail in the conversation, placeholder
 * errors and the preview as one chosen recipient; shoots every changed screen at 1280 and 390 px
 * into test-results/screenshots/ (not committed).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Campaign } from '../../src/shared/campaigns.ts';
import { migrationsBefore } from '../api/helpers/migrations-before.ts';
import {
  adminApi,
  adminToasts,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInFast,
  watchPageErrors,
} from './support/admin';
import { settled } from './support/helpers';
import { type AppServer, startAppServer } from './support/server';
import { test as base, expect, type Page } from './support/test';

const shots = 'test-results/screenshots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The owner's data before the upgrade: Olivia and Liam twice each, a campaign sent to Liam once. */
const OWNER_DATA = `
  insert into contacts (id, name, email, message, status, notes, created_at) values
    (1, 'Olivia Martin', 'olivia@example.com', 'We need an online shop for our bakery.', 'contacted', 'Called on Monday.', now() - interval '40 days'),
    (2, 'Olivia M.', 'OLIVIA@Example.com', 'Following up on the bakery shop: can we start in May?', 'qualified', 'Wants a May start.', now() - interval '10 days'),
    (3, 'Liam Hall', 'liam@example.com', 'A booking app for my gym.', 'new', null, now() - interval '30 days'),
    (4, 'Liam H', 'Liam@Example.com', 'Still interested in the gym app.', 'new', null, now() - interval '20 days'),
    (5, 'Noah Kim', 'noah@example.com', 'Website refresh.', 'new', null, now() - interval '5 days');
  select setval('contacts_id_seq', 5);
  insert into tags (id, name, color) values (100, 'Bakery', '#f59e0b');
  insert into contact_tags (contact_id, tag_id) values (2, 100);
  insert into contact_tasks (contact_id, title) values (2, 'Send the shop quote');
  insert into campaigns (id, name, subject, html_content, status, sent_at)
    values (1, 'Autumn Offer', 'Autumn offer', '<p>Hello {{name}}</p>', 'sent', now() - interval '15 days');
  select setval('campaigns_id_seq', 1);
  insert into campaign_recipients (campaign_id, contact_id, email, name, status, sent_at)
    values (1, 3, 'liam@example.com', 'Liam Hall', 'sent', now() - interval '15 days');`;

/** A data folder whose embedded database stops before migration 0001 and holds {@link OWNER_DATA}. */
async function dataFolderBeforeUpgrade(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agency-e2e-upgrade-'));
  const old = migrationsBefore('one_contact_per_address', path.join(dir, 'migrations-before'));
  const client = await PGlite.create(path.join(dir, 'pglite'));
  await migrate(drizzle({ client }), { migrationsFolder: old });
  await client.exec(OWNER_DATA);
  await client.close();
  return dir;
}

const test = base.extend<object, { upgradedServer: AppServer }>({
  upgradedServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const dataDir = await dataFolderBeforeUpgrade();
      const server = await startAppServer({ DATA_DIR: dataDir });
      await use(server);
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    // Migrating the old folder and the server's first start: more than a test's 30 s when busy.
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ upgradedServer }, use) => use(upgradedServer.baseUrl),
});

/** Shoots the page at 1280 and 390 px (asserting no sideways scroll at 390), then back to 1280. */
async function shootBoth(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await settled(page);
    if (size === PHONE) await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/${name}-${size.width}.png`, ...options });
  }
  await page.setViewportSize(DESKTOP);
}

test('the owner merges a duplicate from before the upgrade; everything moves to the kept contact', async ({
  page,
  baseURL,
}) => {
  // An axe scan and four full-page screenshots besides the merge: over 30 s on a loaded CI machine.
  test.slow();
  const problems = watchPageErrors(page);
  await signInFast(page, baseURL!);
  await page.goto('/admin/contacts/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Olivia Martin' })).toBeVisible();
  const card = page
    .getByRole('heading', { name: 'Same Email Address' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(card).toContainText('Another contact uses olivia@example.com.');
  await expect(card.getByRole('link', { name: 'Olivia M.' })).toHaveAttribute('href', '/admin/contacts/2');
  await expect(card).toContainText('Following up on the bakery shop');
  await expectNoAxeViolations(page);
  await shootBoth(page, 'dedupe-contact-duplicate', { fullPage: true });

  await card.getByRole('button', { name: 'Merge into this contact' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Merge contacts?' });
  await expect(confirm).toContainText(
    'The messages, tags, notes, tasks, client link and campaign history of “Olivia M.”',
  );
  await shootBoth(page, 'dedupe-merge-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Same Email Address' })).toBeVisible();

  await card.getByRole('button', { name: 'Merge into this contact' }).click();
  await confirm.getByRole('button', { name: 'Merge' }).click();
  await expect(adminToasts(page).getByText('Contacts merged')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Same Email Address' })).toHaveCount(0);
  // Tags, task, notes, status and the later form message are on the kept contact now.
  await expect(page.getByText('Bakery', { exact: true })).toBeVisible();
  await expect(page.getByText('Send the shop quote', { exact: true })).toBeVisible();
  await expect(page.getByText('Called on Monday.')).toBeVisible();
  await expect(page.getByText('Wants a May start.')).toBeVisible();
  await expect(page.getByLabel('Status')).toContainText('Qualified');
  const thread = page.getByRole('region', { name: 'Conversation with Olivia Martin' });
  await expect(thread.getByText('Following up on the bakery shop: can we start in May?')).toBeVisible();
  await page.goto('/admin/contacts/2');
  await expect(page.getByRole('heading', { name: 'Contact not found' })).toBeVisible();
  expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
});

test('the resend dialog marks every contact of an address already sent, and sends it nowhere twice', async ({
  page,
  baseURL,
}) => {
  await signInFast(page, baseURL!);
  await page.goto('/admin/campaigns');
  await page
    .getByRole('article', { name: 'Autumn Offer' })
    .getByRole('button', { name: 'View Details' })
    .click();
  const details = page.getByRole('dialog', { name: 'Autumn Offer' });
  await details.getByRole('button', { name: 'Resend to New Recipients' }).click();
  const resend = page.getByRole('dialog', { name: 'Resend to New Recipients' });
  // Both Liam contacts (one address) are already sent; Noah and Olivia can be chosen.
  await expect(resend.getByRole('checkbox', { name: /Liam Hall/ })).toBeDisabled();
  await expect(
    resend.getByRole('checkbox', { name: /Liam H liam@example\.com|Liam H Liam@Example\.com/ }),
  ).toBeDisabled();
  await expect(resend.getByText('(Already sent)')).toHaveCount(2);
  await shootBoth(page, 'dedupe-resend');
  await resend.getByRole('checkbox', { name: 'Select All' }).check();
  await expect(resend.getByText(/Selected: \d+ new recipients/)).not.toHaveText('Selected: 0 new recipients');
  await resend.getByRole('button', { name: 'Send Campaign' }).click();
  await expect(adminToasts(page).getByText(/Campaign sent to \d+ recipients\. 0 failed\./)).toBeVisible();
  const sent = await adminApi<{ recipients: { email: string }[] }>(
    page,
    baseURL!,
    'GET',
    '/api/admin/campaigns/1/details',
  );
  const addresses = sent.recipients.map((r) => r.email.toLowerCase());
  expect(new Set(addresses).size).toBe(addresses.length);
  expect(addresses.filter((a) => a === 'liam@example.com')).toHaveLength(1);
});

test('placeholders: an unknown one blocks create; the preview shows the email for a chosen recipient; the mail joins the conversation', async ({
  page,
  baseURL,
}) => {
  await signInFast(page, baseURL!);
  await page.goto('/admin/campaigns');
  await page.getByRole('button', { name: 'Create Campaign' }).click();
  const create = page.getByRole('dialog', { name: 'Create Campaign' });
  await create.getByLabel('Campaign Name').fill('Spring Launch');
  await create.getByLabel('Email Subject').fill('{{firstName}}, spring is here');
  await create.getByLabel('Email Content (HTML)').fill('<h1>Hi {{first_name}}</h1>');
  await create.getByRole('button', { name: 'Create Campaign' }).click();
  const message = 'Unknown placeholder {{first_name}}. Use {{name}}, {{firstName}} or {{email}}.';
  await expect(adminToasts(page).getByText(message)).toBeVisible();
  await expect(create.getByLabel('Email Content (HTML)')).toHaveAttribute('aria-invalid', 'true');
  await expect(create.getByText(message)).toBeVisible();
  await shootBoth(page, 'dedupe-placeholder-error');
  await create.getByRole('button', { name: 'Cancel' }).click();

  const campaign = await adminApi<Campaign>(page, baseURL!, 'POST', '/api/admin/campaigns', {
    name: 'Spring Launch',
    subject: '{{firstName}}, spring is here',
    htmlContent: '<h1>Hi {{firstName}}</h1><p>Your address: {{email}}. Full name: {{name}}.</p>',
    recipientIds: [5, 3],
  });
  await page.reload();
  await page
    .getByRole('article', { name: 'Spring Launch' })
    .getByRole('button', { name: 'View Details' })
    .click();
  const details = page.getByRole('dialog', { name: 'Spring Launch' });
  const to = details.getByRole('definition').first();
  await expect(to).toHaveText('Liam Hall <liam@example.com>');
  await expect(details.getByText('Liam, spring is here')).toBeVisible();
  const frame = details.locator('iframe[title="Preview of Spring Launch for Liam Hall"]').contentFrame();
  await expect(frame.getByRole('heading', { name: 'Hi Liam' })).toBeVisible();
  await details.getByLabel('Preview as').selectOption({ label: 'Noah Kim (noah@example.com)' });
  await expect(to).toHaveText('Noah Kim <noah@example.com>');
  await expect(details.getByText('Noah, spring is here')).toBeVisible();
  const noahFrame = details.locator('iframe[title="Preview of Spring Launch for Noah Kim"]').contentFrame();
  await expect(noahFrame.getByRole('heading', { name: 'Hi Noah' })).toBeVisible();
  await expect(noahFrame.getByText('Your address: noah@example.com. Full name: Noah Kim.')).toBeVisible();
  await shootBoth(page, 'dedupe-preview');

  await adminApi(page, baseURL!, 'POST', `/api/admin/campaigns/${campaign.id}/send`, {
    recipientIds: [5, 3],
  });
  await page.goto('/admin/contacts/5');
  const thread = page.getByRole('region', { name: 'Conversation with Noah Kim' });
  const mail = thread.getByRole('listitem').filter({ hasText: 'Campaign: Spring Launch' });
  await expect(mail).toContainText('Noah, spring is here');
  await expect(mail.getByRole('heading', { name: 'Hi Noah' })).toBeVisible();
  await shootBoth(page, 'dedupe-conversation-campaign', { fullPage: true });
});
