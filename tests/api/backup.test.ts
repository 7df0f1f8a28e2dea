import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedContacts } from '../../scripts/seed-contacts.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { REWRITE_PREFIX } from '../../src/db/snapshot.ts';
import { restoreCommand } from '../../src/server/backup/backup-commands.ts';
import { listBackups } from '../../src/server/backup/backup-files.ts';
import { BackupError } from '../../src/server/backup/pglite-backup.ts';
import { loadConfig } from '../../src/server/config.ts';
import { runNpm } from './helpers/run-npm.ts';
import { killAllServers, type ServerProcess, startServer } from './helpers/server-process.ts';
import { createTestApp, signIn, usingPostgres } from './helpers/test-app.ts';
import { until } from './helpers/until.ts';

/**
 * Backups (decision 022): `npm run backup` while a lead load runs against a real
 * server, `npm run restore` into a fresh folder / database, every table compared row for row;
 * the refusals (non-empty target, damaged file); the server's daily backup and its status.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-backup-'));
afterAll(() => {
  killAllServers();
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * `restoreCommand`, the function behind `npm run restore`, in this process: for refusals that
 * come before the database is opened, whose CLI wrapping (message, exit code 1) the damaged file
 * already proves through `npm run restore`.
 * Each CLI start costs about 3 CPU-seconds of loading before it reads a byte.
 * @returns the `BackupError` message it refused with; fails the test if it restored.
 */
async function refusedRestore(file: string, env: Record<string, string>, force = true): Promise<string> {
  const refusal = restoreCommand(loadConfig({ NODE_ENV: 'test', ...env }), file, force);
  await expect(refusal).rejects.toBeInstanceOf(BackupError);
  return refusal.catch((error: BackupError) => error.message);
}

/** Hostile text the rows carry: emoji, right-to-left, a long unbroken word, quotes, newlines. */
const odd = `Łódź 🚀 مرحبا "quoted" 'x'\n${'a'.repeat(3000)} \\ end`;

/**
 * Puts rows into every table the server does not fill by itself (it adds sessions, tags, the
 * vault key, leads, their messages and notifications). The test then checks that no table is
 * empty, so a table added later without a row here fails it by name.
 */
/** Recovery codes of the fixture's second factor; each signs in once (see `signInWithCode`). */
const RECOVERY_CODES = ['AAAAABBBBB', 'CCCCCDDDDD', 'EEEEEFFFFF'];

/**
 * Signs in to a server whose database holds the fixture's second factor: the password, then a
 * recovery code on the pending cookie. @returns the session cookie.
 */
async function signInWithCode(url: string, code: string): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo-admin' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const pending = login.headers.get('set-cookie')!.split(';')[0]!;
  const step = await fetch(`${url}/api/admin/login/recovery`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: pending },
    body: JSON.stringify({ code }),
  });
  if (!step.ok) throw new Error(`second step failed: ${step.status} ${await step.text()}`);
  return step.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;
}

async function fillEveryTable(database: Database) {
  const run = (statement: string, params: unknown[] = []) =>
    database.db.execute(sql.raw(statement.replace(/\$(\d+)/g, (_, i) => literal(params[Number(i) - 1]))));
  await run(
    `insert into contacts (name, email, phone, message, status, notes, prefer_text_and_call) values
     ($1, 'fixture-1@example.com', '+1 (555) 010', $1, 'qualified', $1, true),
     ('Fixture Two', 'fixture-2@example.com', null, 'second', 'converted', null, false)`,
    [odd],
  );
  await run(
    `insert into contact_messages (contact_id, sender, subject, content) select id, 'admin', 'Re', $1 from contacts where email like 'fixture-%'`,
    [odd],
  );
  await run(`insert into tags (name, color) values ($1, '#ff00aa')`, ['Fixture 🚀 tag']);
  await run(
    `insert into contact_tags (contact_id, tag_id) select c.id, t.id from contacts c, tags t where c.email like 'fixture-%'`,
  );
  await run(
    `insert into contact_tasks (contact_id, title, priority, status, due_at) select id, $1, 'high', 'pending', '2030-01-01T00:00:00Z' from contacts where email like 'fixture-%'`,
    [odd],
  );
  await run(
    `insert into clients (name, email, company, notes, from_contact_id) select 'Client ' || name, email, 'ACME', $1, id from contacts where email = 'fixture-2@example.com'`,
    [odd],
  );
  await run(`insert into client_tasks (client_id, title, status) select id, $1, 'working' from clients`, [
    odd,
  ]);
  await run(
    `insert into campaigns (name, subject, html_content, status) values ('Fixture', $1, $1, 'draft')`,
    [odd],
  );
  await run(
    // One sent (its hour lands in campaign_sent_hours through the trigger), one pending.
    `insert into campaign_recipients (campaign_id, contact_id, email, name, status, sent_at)
     select cp.id, c.id, c.email, c.name, case when c.email = 'fixture-1@example.com' then 'sent' else 'pending' end,
       case when c.email = 'fixture-1@example.com' then now() end
     from campaigns cp, contacts c where c.email like 'fixture-%'`,
  );
  await run(
    `insert into unsubscribes (email, contact_id, campaign_id) select 'fixture-2@example.com', c.id, cp.id from contacts c, campaigns cp where c.email = 'fixture-2@example.com'`,
  );
  await run(`insert into credentials (company_name, email_enc, notes_enc) values ($1, 'v1:enc', 'v1:enc')`, [
    odd,
  ]);
  await run(
    `insert into mail_connections (provider, email, refresh_token_enc, status) values ('gmail', 'owner@example.com', 'sealed', 'revoked')`,
  );
  await run(`insert into settings (key, value) values ('backup-fixture', $1::jsonb)`, [
    JSON.stringify({ odd }),
  ]);
  await run(`insert into visit_salts (day, salt) values ('2026-01-02', 'salt')`);
  await run(`insert into daily_visits (day, views, unique_visitors) values ('2026-01-02', 42, 7)`);
  await run(`insert into visitor_hashes (day, hash) values ('2026-01-02', 'h1'), ('2026-01-02', 'h2')`);
  await run(
    `insert into daily_visit_sources (day, referrer_host, utm_source, views) values ('2026-01-02', 'news.example', 'newsletter', 3)`,
  );
  await run(`insert into spent_challenges (nonce, expires_at) values ('nonce-1', '2030-01-01T00:00:00Z')`);
  await run(`insert into daily_job_runs (job, day) values ('spam-erasure', '2026-01-02')`);
  await run(`insert into rate_limits (key, points, expire) values ('login:hmac', 2, 1893456000000)`);
  // A mailbox's import position, an imported reply with its Message-ID, a bouncing address.
  await run(
    `insert into mailbox_sync (mailbox, uid_validity, last_uid, last_checked_at, imported) values ('imap:owner@example.com:993/INBOX', '7', 42, now(), 3)`,
  );
  await run(
    `insert into inbound_skipped (mailbox, position, reason, size) values ('imap:owner@example.com:993/INBOX', '7/41', 'More than 1,000 MIME parts', 123456)`,
  );
  await run(
    `insert into contact_messages (contact_id, sender, subject, content, message_id, in_reply_to, "references", text_content, attachments, unread, source)
     select id, 'contact', 'Re: Re', $1, '<reply-1@example.com>', '<sent-1@example.com>', array['<sent-1@example.com>'], $1, '[{"name":"a.pdf","size":3}]'::jsonb, true, 'imap'
     from contacts where email = 'fixture-1@example.com'`,
    [odd],
  );
  await run(
    `update contacts set bouncing_at = now(), bounce_reason = '550 no such user' where email = 'fixture-2@example.com'`,
  );
  await run(
    `insert into unmatched_mail (contact_id, from_address, subject, content, text_content, attachments, message_id, in_reply_to, "references", authentication, source, sent_at)
     select id, 'fixture-2@example.com', 'Change of bank details', $1, $1, '[]'::jsonb, 'spoof-1@example.net', null, array[]::text[], 'dkim=fail spf=fail dmarc=fail', 'imap', now()
     from contacts where email = 'fixture-2@example.com'`,
    [odd],
  );
  // The morning reminder's claim, second factors and the sign-in record.
  await run(
    `insert into task_reminders (local_date, time_zone, due_count) values ('2026-01-02', 'Europe/Berlin', 0)`,
  );
  await run(`update client_tasks set due_at = '2030-01-01T00:00:00Z'`);
  await run(
    `insert into passkeys (credential_id, public_key, counter, transports, name) values ('cred-1', 'pk', 3, '["usb"]', $1)`,
    [odd],
  );
  await run(
    `insert into totp_factors (id, secret_sealed, confirmed_at, last_used_step) values (1, 'sealed', now(), 5)`,
  );
  // The passkey row turns the second factor on, so the test signs in with these recovery codes.
  for (const code of RECOVERY_CODES) {
    await run(`insert into recovery_codes (code_hash) values ($1)`, [await hash(code)]);
  }
  await run(
    `insert into sign_in_challenges (token_hash, purpose, challenge, expires_at) values ('th', 'second-step', 'ch', '2030-01-01T00:00:00Z')`,
  );
  await run(
    `insert into sign_in_events (kind, method, ip, user_agent) values ('signed-in', 'password', '127.0.0.1', $1)`,
    [odd],
  );
  // Integrations (decisions 065, 066): a token, an endpoint and one event already delivered (a
  // pending one would change under the running server's worker).
  await run(`insert into api_tokens (name, scope, token_hash) values ($1, 'read', 'fixture-hash')`, [odd]);
  await run(
    `insert into webhook_endpoints (url, description, events, secret_sealed) values ('https://hooks.example.com/in', $1, '{lead.created}', 'sealed')`,
    [odd],
  );
  await run(`insert into webhook_events (type, payload) values ('lead.created', $1::jsonb)`, [
    JSON.stringify({ note: odd }),
  ]);
  await run(
    `insert into webhook_deliveries (endpoint_id, event_id, status, attempts, last_status_code) values (1, 1, 'delivered', 1, 200)`,
  );
  // A push device with a message that failed for good, and no event chosen (decision 071: the
  // leads posted during the backup would queue messages that change under the running server's
  // worker), and an uploaded image with one of its files (070).
  await run(`insert into settings (key, value) values ('push.events', '[]'::jsonb)`);
  await run(
    `insert into push_subscriptions (endpoint, p256dh, auth, user_agent) values ('https://push.example.com/s/1', 'p256dh', 'auth', $1)`,
    [odd],
  );
  await run(
    `insert into push_messages (subscription_id, event, title, url, contact_id, status, attempts, last_error)
     select 1, 'lead', $1, '/admin/contacts/' || id, id, 'failed', 3, 'gone' from contacts where email = 'fixture-1@example.com'`,
    [odd],
  );
  await run(
    `insert into site_media (id, kind, url, width, height) values ('0123456789abcdef0123456789abcdef', 'image', '/media/0123456789abcdef0123456789abcdef-160.webp', 160, 90)`,
  );
  await run(
    `insert into site_media_files (name, media_id, content_type, byte_size, bytes) values ('0123456789abcdef0123456789abcdef-160.webp', '0123456789abcdef0123456789abcdef', 'image/webp', 4, '\\x52494646'::bytea)`,
  );
}

/** A SQL literal for the fixture (values are ours, but quoting them properly keeps the odd text intact). */
function literal(value: unknown): string {
  return `'${String(value).replaceAll("'", "''")}'`;
}

type Tables = Map<string, string[]>;

/** Every row of every table (public and drizzle schemas) as text, per table, sorted. */
async function readTables(database: Database): Promise<Tables> {
  const tables = (await database.db.execute(
    sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  )) as unknown as { rows: { table_schema: string; table_name: string }[] };
  const result: Tables = new Map();
  for (const { table_schema, table_name } of tables.rows) {
    const rows = (await database.db.execute(
      sql.raw(`select t::text as row from "${table_schema}"."${table_name}" t`),
    )) as unknown as { rows: { row: string }[] };
    result.set(`${table_schema}.${table_name}`, rows.rows.map((r) => r.row).sort());
  }
  return result;
}

/** The first column of a row's text (the id for every serial-keyed table). */
const firstField = (row: string) => row.slice(1).split(',')[0]!;

/** A lead load: `POST /api/contact` in a loop until stopped; records which leads were acknowledged when. */
function leadLoad(url: string, prefix: string) {
  let stop = false;
  const acknowledged: { email: string; at: number }[] = [];
  let failures = 0;
  const workers = Array.from({ length: 3 }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      const email = `${prefix}-${w}-${i}@example.com`;
      const res = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Lead ${w}-${i} 🚀`, email, message: `Hello ${odd.slice(0, 50)}` }),
      });
      if (res.status === 201 || res.status === 200) acknowledged.push({ email, at: Date.now() });
      else failures++;
    }
  });
  return {
    acknowledged,
    async stop() {
      stop = true;
      await Promise.all(workers);
      return failures;
    },
  };
}

/**
 * What a backup taken under load must satisfy against the database as it was afterwards: every row
 * it holds exists identically in the live database (rows of the tables the mail worker updates
 * afterwards, and the webhook deliveries of the leads posted meanwhile, are matched by id), every
 * lead acknowledged before the backup started is in it, and it is consistent on its own (each
 * notification's lead exists; ids without holes).
 */
function expectConsistentSnapshot(snapshot: Tables, live: Tables, ackedBefore: string[]) {
  expect([...snapshot.keys()]).toEqual([...live.keys()]);
  const changing = new Set([
    'public.mail_queue',
    'public.sessions',
    'public.contacts',
    'public.webhook_deliveries',
  ]);
  for (const [table, rows] of snapshot) {
    const liveRows = live.get(table)!;
    if (changing.has(table)) {
      const liveIds = new Set(liveRows.map(firstField));
      for (const row of rows) expect(liveIds.has(firstField(row)), `${table} ${row.slice(0, 80)}`).toBe(true);
    } else {
      const liveSet = new Set(liveRows);
      const missing = rows.filter((r) => !liveSet.has(r));
      expect(missing, `${table}: rows in the backup that the live database does not hold`).toEqual([]);
    }
  }
  const contacts = snapshot.get('public.contacts')!.join('\n');
  for (const email of ackedBefore) expect(contacts, `acknowledged lead ${email}`).toContain(email);
  // Leads commit in id order on the embedded database: the backup holds a prefix, no holes.
  const ids = snapshot
    .get('public.contacts')!
    .map((r) => Number(firstField(r)))
    .sort((a, b) => a - b);
  expect(ids.at(-1)).toBe(ids.length);
  // Every queued notification names a lead the backup also holds.
  for (const row of snapshot.get('public.mail_queue')!) {
    const lead = /"address": ?"([^"]+)"/.exec(row.replaceAll('""', '"'))?.[1];
    if (lead) expect(contacts, `notification for ${lead}`).toContain(lead);
  }
}

function expectEveryTableFilled(tables: Tables) {
  const empty = [...tables].filter(([, rows]) => rows.length === 0).map(([t]) => t);
  expect(empty, 'tables with no row: give them one in fillEveryTable()').toEqual([]);
}

async function waitForLeads(load: ReturnType<typeof leadLoad>, n: number) {
  const deadline = Date.now() + 60_000;
  while (load.acknowledged.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

describe.runIf(!usingPostgres)('backup and restore of the embedded database', { timeout: 300_000 }, () => {
  const dataDir = path.join(root, 'live');
  // The load posts without the form's proof of work: with it on, every lead would be quarantined
  // as spam and queue no notification, leaving mail_queue empty.
  const env = { DATA_DIR: dataDir, CONTACT_RATE_LIMIT: '100000', CONTACT_POW: 'off' };

  it('backs up a running server under a lead load; the restore matches row for row', async () => {
    const seed = await openDatabase({ dataDir });
    await fillEveryTable(seed);
    await seed.close();
    let server: ServerProcess | undefined = await startServer(env);
    try {
      await signInWithCode(server.url, RECOVERY_CODES[0]!); // a session row
      const load = leadLoad(server.url, 'load');
      await waitForLeads(load, 20);
      const startedAt = Date.now();
      const ackedBefore = load.acknowledged.map((a) => a.email);
      const backup = await runNpm('backup', [path.join(root, 'under-load.tar.gz')], env);
      expect(backup.code, backup.output).toBe(0);
      const countDuring = load.acknowledged.filter((a) => a.at > startedAt).length;
      await waitForLeads(load, load.acknowledged.length + 10);
      expect(await load.stop()).toBe(0);
      // The load ran while the server made the snapshot: the server was not stopped for it.
      expect(countDuring + load.acknowledged.filter((a) => a.at > startedAt).length).toBeGreaterThan(0);
      expect(server.output()).toContain('backup snapshot sent to npm run backup');
      const file = path.join(root, 'under-load.tar.gz');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      server = undefined;

      // With no server running, the CLI opens the folder itself: this backup equals the folder exactly.
      const quiet = await runNpm('backup', [], env);
      expect(quiet.code, quiet.output).toBe(0);
      const [quietFile] = listBackups(path.join(dataDir, 'backups'));
      expect(quietFile?.kind).toBe('backup');

      const liveDb = await openDatabase({ dataDir });
      const live = await readTables(liveDb);
      await liveDb.close();
      expectEveryTableFilled(live);

      const restoredDir = path.join(root, 'restored');
      const restore = await runNpm('restore', [file], { DATA_DIR: restoredDir });
      expect(restore.code, restore.output).toBe(0);
      expect(fs.statSync(path.join(restoredDir, 'pglite')).mode & 0o777).toBe(0o700);
      const restoredDb = await openDatabase({ dataDir: restoredDir });
      const snapshot = await readTables(restoredDb);
      await restoredDb.close();
      expectEveryTableFilled(snapshot);
      expectConsistentSnapshot(snapshot, live, ackedBefore);

      const quietDir = path.join(root, 'restored-quiet');
      const restoreQuiet = await runNpm('restore', [quietFile!.file], { DATA_DIR: quietDir });
      expect(restoreQuiet.code, restoreQuiet.output).toBe(0);
      const quietDb = await openDatabase({ dataDir: quietDir });
      expect(await readTables(quietDb)).toEqual(live);
      await quietDb.close();

      // The restored folder serves: a server starts on it and lists the fixture contact.
      server = await startServer({ DATA_DIR: quietDir });
      const cookie = await signInWithCode(server.url, RECOVERY_CODES[1]!);
      const res = await fetch(`${server.url}/api/admin/contacts?q=fixture-1%40example.com`, {
        headers: { cookie },
      });
      expect(JSON.stringify(await res.json())).toContain('fixture-1@example.com');
    } finally {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
  });

  it('refuses a non-empty folder without --force, replaces it with --force and keeps the old one aside', async () => {
    const [backup] = listBackups(path.join(dataDir, 'backups'));
    const target = path.join(root, 'restored-quiet');
    const before = fs.readdirSync(path.join(target, 'pglite')).sort();
    const refused = await runNpm('restore', [backup!.file], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already holds a database');
    expect(refused.output).toContain('--force');
    expect(fs.readdirSync(path.join(target, 'pglite')).sort()).toEqual(before);

    const forced = await runNpm('restore', [backup!.file, '--force'], { DATA_DIR: target });
    expect(forced.code, forced.output).toBe(0);
    const aside = fs.readdirSync(target).filter((n) => n.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(forced.output).toContain(aside[0]);
  });

  it('a damaged or foreign file gives a clear error and touches nothing', async () => {
    const [backup] = listBackups(path.join(dataDir, 'backups'));
    const bytes = fs.readFileSync(backup!.file);
    const truncated = path.join(root, 'truncated.tar.gz');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const foreign = path.join(root, 'notes.txt');
    fs.writeFileSync(foreign, 'hello');
    // A gzip stream that is whole but holds no database.
    const notADatabase = path.join(root, 'empty.tar.gz');
    const { gzipSync } = await import('node:zlib');
    fs.writeFileSync(notADatabase, gzipSync(Buffer.alloc(10_240)));

    const target = path.join(root, 'restored-quiet');
    const listing = () => fs.readdirSync(target).sort();
    const before = listing();
    const damaged = await runNpm('restore', [truncated, '--force'], { DATA_DIR: target });
    expect(damaged.code).toBe(1);
    expect(damaged.output).toMatch(/damaged or incomplete.*nothing was changed/);
    expect(await refusedRestore(foreign, { DATA_DIR: target })).toContain('is not a backup of this app');
    // Through the CLI: PGlite, handed a tar with no database in it, also leaves a rejected stream
    // behind (gunzip's 'incorrect header check') that nothing awaits; the CLI exits before it
    // matters, a test's process would report it.
    const hollow = await runNpm('restore', [notADatabase, '--force'], { DATA_DIR: target });
    expect(hollow.code).toBe(1);
    expect(hollow.output).toContain('nothing was changed');
    expect(listing()).toEqual(before);

    const fresh = path.join(root, 'never-made');
    expect(await refusedRestore(truncated, { DATA_DIR: fresh }, false)).toMatch(/damaged or incomplete/);
    expect(fs.existsSync(path.join(fresh, 'pglite'))).toBe(false);
  });

  it('refuses to restore under a running server', async () => {
    const [backup] = listBackups(path.join(dataDir, 'backups'));
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const refused = await runNpm('restore', [backup!.file, '--force'], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Stop the server before restoring');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('a server killed while copying or rewriting a backup leaves no process of it; the CLI keeps no file', async () => {
    // Its tables pass the scrub's in-place size (2 MB), so the copy is also rewritten (decision 073).
    const largeDir = path.join(root, 'large');
    expect(await seedContacts(6_000, { dataDir: largeDir })).toBe(6_000);
    for (const [folder, step, marker] of [
      // The copy (decision 062) names the data folder in its arguments, the rewrite its work folder.
      [dataDir, 'copy', `"folder":"${path.join(dataDir, 'pglite')}"`],
      [largeDir, 'rewrite', path.join(largeDir, 'tmp', REWRITE_PREFIX)],
    ] as const) {
      const server = await startServer({ DATA_DIR: folder });
      const file = path.join(root, `killed-${step}.tar.gz`);
      const backup = runNpm('backup', [file], { DATA_DIR: folder });
      // Every 10 ms: the kill must land while the step runs, not after the backup ended.
      await until(
        async () => processesNaming(marker),
        (pids) => pids.length > 0,
        60_000,
        10,
      );
      server.child.kill('SIGKILL');
      await server.exited;
      // Generous: on a busy machine a process at nice 19 waits seconds for the CPU to exit.
      await until(
        async () => processesNaming(folder),
        (pids) => pids.length === 0,
        30_000,
        10,
      );
      // It ended because the server went away, not because it finished: a rewrite run to its end
      // leaves its result in its work folder (the server that would have read it is gone).
      const tmp = path.join(folder, 'tmp');
      const results = fs.existsSync(tmp)
        ? fs.readdirSync(tmp, { recursive: true, encoding: 'utf8' }).filter((f) => f.includes('rewritten'))
        : [];
      expect(results, step).toEqual([]);
      const cli = await backup;
      expect(cli.code, step).toBe(1);
      expect(fs.existsSync(file), step).toBe(false);
    }
  });
});

describe.runIf(usingPostgres)('backup and restore on PostgreSQL', { timeout: 300_000 }, () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const names: string[] = [];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  const newDatabase = async (label: string) => {
    const name = `backup_${label}_${process.pid}_${Date.now()}`;
    await admin(`create database ${name}`);
    names.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterAll(async () => {
    for (const name of names) await admin(`drop database if exists ${name} with (force)`);
  });
  const secret = 'x'.repeat(40);

  it('pg_dump under a lead load; pg_restore into a new database matches row for row; refusals', async () => {
    const liveUrl = await newDatabase('live');
    const seed = await openDatabase({ databaseUrl: liveUrl });
    await fillEveryTable(seed);
    await seed.close();
    const env = {
      DATABASE_URL: liveUrl,
      APP_SECRET: secret,
      DATA_DIR: path.join(root, 'pg'),
      CONTACT_RATE_LIMIT: '100000',
    };
    const server = await startServer(env);
    const file = path.join(root, 'live.pgdump');
    let ackedBefore: string[];
    try {
      await signInWithCode(server.url, RECOVERY_CODES[2]!);
      const load = leadLoad(server.url, 'pg');
      await waitForLeads(load, 20);
      ackedBefore = load.acknowledged.map((a) => a.email);
      const backup = await runNpm('backup', [file], env);
      expect(backup.code, backup.output).toBe(0);
      await waitForLeads(load, load.acknowledged.length + 10);
      expect(await load.stop()).toBe(0);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const liveDb = await openDatabase({ databaseUrl: liveUrl });
    const live = await readTables(liveDb);
    await liveDb.close();
    expectEveryTableFilled(live);

    const restoredUrl = await newDatabase('restored');
    const restore = await runNpm('restore', [file], { DATABASE_URL: restoredUrl, APP_SECRET: secret });
    expect(restore.code, restore.output).toBe(0);
    const restoredDb = await openDatabase({ databaseUrl: restoredUrl });
    const snapshot = await readTables(restoredDb);
    await restoredDb.close();
    expectEveryTableFilled(snapshot);
    // PostgreSQL commits concurrent leads out of id order, so only the prefix check is skipped.
    const contacts = snapshot.get('public.contacts')!.join('\n');
    for (const email of ackedBefore) expect(contacts).toContain(email);
    // Rows the load keeps updating after the dump (queue states, sessions, contacts' activity,
    // rate-limit counters) are compared by presence above, not value for value.
    for (const [table, rows] of snapshot) {
      if (['public.mail_queue', 'public.sessions', 'public.contacts', 'public.rate_limits'].includes(table))
        continue;
      const liveSet = new Set(live.get(table));
      expect(
        rows.filter((r) => !liveSet.has(r)),
        table,
      ).toEqual([]);
    }

    // Non-empty target without --force: refused, untouched.
    const refused = await runNpm('restore', [file], { DATABASE_URL: restoredUrl, APP_SECRET: secret });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('--force');
    // A truncated dump with --force: refused before anything is dropped.
    const truncated = path.join(root, 'truncated.pgdump');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const damaged = await runNpm('restore', [truncated, '--force'], {
      DATABASE_URL: restoredUrl,
      APP_SECRET: secret,
    });
    expect(damaged.code).toBe(1);
    expect(damaged.output).toContain('damaged or incomplete');
    const after = await openDatabase({ databaseUrl: restoredUrl });
    expect(await readTables(after)).toEqual(snapshot);
    await after.close();
    // With --force a whole dump replaces the data.
    const forced = await runNpm('restore', [file, '--force'], {
      DATABASE_URL: restoredUrl,
      APP_SECRET: secret,
    });
    expect(forced.code, forced.output).toBe(0);
    const again = await openDatabase({ databaseUrl: restoredUrl });
    expect(await readTables(again)).toEqual(snapshot);
    await again.close();
  });
});

describe('the daily backup and its status', () => {
  it('keeps the newest BACKUP_KEEP daily files, private, and reports the last one', {
    timeout: 120_000,
  }, async () => {
    const t = await createTestApp({ BACKUP_KEEP: '1' }, { app: { backupCheckMs: 100, backupIntervalMs: 1 } });
    try {
      const cookie = await signIn(t.app);
      const dir = path.join(t.dataDir, 'backups');
      if (usingPostgres) {
        const res = await t.app.inject({ url: '/api/admin/backup-status', headers: { cookie } });
        expect(res.json()).toEqual({ daily: 'postgres', keep: 1, lastBackupAt: null });
        await new Promise((r) => setTimeout(r, 500));
        expect(listBackups(dir)).toEqual([]);
        return;
      }
      const empty = await t.app.inject({ url: '/api/admin/backup-status', headers: { cookie } });
      expect(empty.json()).toEqual({ daily: 'on', keep: 1, lastBackupAt: null });
      const deadline = Date.now() + 100_000;
      // Two passes at least: a second file made, the first pruned.
      const seen = new Set<string>();
      while (Date.now() < deadline) {
        for (const entry of listBackups(dir)) seen.add(entry.file);
        if (seen.size >= 2) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen.size).toBeGreaterThanOrEqual(2);
      const files = listBackups(dir);
      expect(files.length).toBe(1);
      for (const f of files) {
        expect(f.kind).toBe('daily');
        expect(fs.statSync(f.file).mode & 0o777).toBe(0o600);
      }
      const status = (await t.app.inject({ url: '/api/admin/backup-status', headers: { cookie } })).json();
      expect(status.daily).toBe('on');
      expect(Date.parse(status.lastBackupAt)).toBeGreaterThan(Date.now() - 120_000);
    } finally {
      await t.close();
    }
  });

  it('BACKUP_KEEP=0 turns it off', async () => {
    const t = await createTestApp({ BACKUP_KEEP: '0' }, { app: { backupCheckMs: 50, backupIntervalMs: 1 } });
    try {
      const cookie = await signIn(t.app);
      await new Promise((r) => setTimeout(r, 400));
      expect(listBackups(path.join(t.dataDir, 'backups'))).toEqual([]);
      const res = await t.app.inject({ url: '/api/admin/backup-status', headers: { cookie } });
      expect(res.json()).toEqual({ daily: usingPostgres ? 'postgres' : 'off', keep: 0, lastBackupAt: null });
      expect((await t.app.inject({ url: '/api/admin/backup-status' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

/** Ids of the running processes whose command line contains `text` (Linux `/proc`). */
function processesNaming(text: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) pids.push(Number(entry));
    } catch {
      // Ended while listed.
    }
  }
  return pids;
}
