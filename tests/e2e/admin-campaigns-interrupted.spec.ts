/**
 * 'Resend to N interrupted' in the campaign details (docs/decisions/044): a campaign a crash left
 * with interrupted recipients (put in the embedded database before the server starts) offers to
 * resend to them, names how many, warns that they may already have it, sends each once (to the
 * demo outbox) and then offers nothing more; a recipient already resent once is never counted.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { adminToasts, expectNoAxeViolations, expectNoHorizontalScroll, signInFast } from './support/admin';
import { settled } from './support/helpers';
import { type AppServer, startAppServer } from './support/server';
import { test as base, expect, type Locator, type Page } from './support/test';

const shots = 'test-results/screenshots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const CAMPAIGN = 'Spring update';

/**
 * A sent campaign as a crash leaves it: Ava has it, Ben and Cleo are interrupted (their message
 * reached the SMTP server's end of data, its answer never recorded), Dan was interrupted again
 * after one resend already.
 */
const AFTER_A_CRASH = `
  insert into contacts (id, name, email, message) values
    (1, 'Ava Stone', 'ava@example.com', 'Hi'), (2, 'Ben Ortiz', 'ben@example.com', 'Hi'),
    (3, 'Cleo Park', 'cleo@example.com', 'Hi'), (4, 'Dan Reyes', 'dan@example.com', 'Hi');
  select setval('contacts_id_seq', 4);
  insert into campaigns (id, name, subject, html_content, status, sent_at)
    values (1, '${CAMPAIGN}', 'Spring news for {{name}}', '<p>Hello {{firstName}}, spring is here.</p>', 'sent', now() - interval '1 hour');
  select setval('campaigns_id_seq', 1);
  insert into campaign_recipients (campaign_id, contact_id, email, name, status, sent_at, attempted_at,
      attempt_provider, data_end_at, resent_at, message_id, error_message) values
    (1, 1, 'ava@example.com', 'Ava Stone', 'sent', now() - interval '1 hour', now() - interval '1 hour', 'smtp', now() - interval '1 hour', null, 'a1@brightlane.test', null),
    (1, 2, 'ben@example.com', 'Ben Ortiz', 'interrupted', null, now() - interval '1 hour', 'smtp', now() - interval '1 hour', null, 'b1@brightlane.test', 'Interrupted: the mail server had the whole message but never confirmed it; it may have been delivered.'),
    (1, 3, 'cleo@example.com', 'Cleo Park', 'interrupted', null, now() - interval '1 hour', 'smtp', now() - interval '1 hour', null, 'c1@brightlane.test', 'Interrupted: the mail server had the whole message but never confirmed it; it may have been delivered.'),
    (1, 4, 'dan@example.com', 'Dan Reyes', 'interrupted', null, now() - interval '1 hour', 'smtp', now() - interval '1 hour', now() - interval '2 hours', 'd1@brightlane.test', 'Interrupted: the mail server had the whole message but never confirmed it; it may have been delivered.');`;

const test = base.extend<object, { crashedServer: AppServer & { folder: string } }>({
  crashedServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'agency-e2e-crash-'));
      const database = await openDatabase({ dataDir: folder });
      // One statement per call: the driver prepares each.
      for (const statement of AFTER_A_CRASH.split(/;\s*$/m).filter((q) => q.trim())) {
        await database.db.execute(sql.raw(statement));
      }
      await database.close();
      const server = await startAppServer({ DATA_DIR: folder });
      await use({ ...server, folder });
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    },
    // Opening the database, then a second server: slower than one test's 30 s on a busy machine.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ crashedServer }, use) => use(crashedServer.baseUrl),
});

/** Shoots the page at 1280 and 390 px (asserting no sideways scroll at 390), then back to 1280. */
async function shootBoth(page: Page, name: string, focus?: Locator) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await settled(page);
    await focus?.scrollIntoViewIfNeeded();
    if (size === PHONE) await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/${name}-${size.width}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

/** The recipients of the outbox's .eml files (the demo provider writes one per message). */
async function outboxRecipients(folder: string): Promise<string[]> {
  const dir = path.join(folder, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const to: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.eml'))) {
    const match = /^To: .*<([^>]+)>/m.exec(await readFile(path.join(dir, file), 'latin1'));
    if (match) to.push(match[1]!);
  }
  return to.sort();
}

test("the details dialog offers 'Resend to 2 interrupted', warns, sends each once, then offers nothing", async ({
  page,
  baseURL,
  crashedServer,
}) => {
  // Six screenshots and three axe runs: beyond 30 s on a busy machine.
  test.setTimeout(240_000);
  await signInFast(page, baseURL!);
  await page.goto('/admin/campaigns');
  await page.getByRole('article', { name: CAMPAIGN }).getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: CAMPAIGN });
  const button = dialog.getByRole('button', { name: 'Resend to 2 interrupted' });
  await expect(button).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Recipients' })).toContainText('Dan Reyes');
  await expectNoAxeViolations(page);
  await shootBoth(page, 'campaign-resend-interrupted', button);

  await button.click();
  const confirm = page.getByRole('alertdialog', { name: 'Resend to 2 interrupted?' });
  await expect(confirm).toContainText('these recipients may already have received it');
  await expectNoAxeViolations(page);
  await shootBoth(page, 'campaign-resend-interrupted-confirm');
  // Cancel sends nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(await outboxRecipients(crashedServer.folder)).toEqual([]);

  await button.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Resend' }).click();
  await expect(adminToasts(page).getByText('Campaign sent to 2 recipients. 0 failed.')).toBeVisible();
  // Ben and Cleo once each; Dan (resent before) and Ava (sent) not at all.
  expect(await outboxRecipients(crashedServer.folder)).toEqual(['ben@example.com', 'cleo@example.com']);
  await expect(dialog.getByRole('button', { name: /interrupted/ })).toHaveCount(0);
  const table = dialog.getByRole('table', { name: 'Recipients' });
  const status = (name: string) =>
    table
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .nth(2);
  await expect(status('Ben Ortiz')).toHaveText('sent');
  await expect(status('Cleo Park')).toHaveText('sent');
  await expect(status('Dan Reyes')).toHaveText('interrupted');
  await shootBoth(
    page,
    'campaign-resend-interrupted-done',
    dialog.getByRole('button', { name: 'Resend to New Recipients' }),
  );
});
