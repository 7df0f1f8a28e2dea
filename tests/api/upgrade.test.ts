import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../../src/db/client.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { readVersionInfo } from '../../src/server/routes/version.ts';
import { migrationJournal, migrationsBefore, migrationsThrough } from './helpers/migrations-before.ts';
import { freshPostgresDatabase } from './helpers/postgres-database.ts';
import { signIn } from './helpers/test-app.ts';

/**
 * Upgrading (docs/deploy.md 'Upgrading', CHANGELOG.md): a database made by the previous release's
 * migrations, holding an owner's data, is opened by today's server. Every migration since runs
 * forward, no row of the old tables is lost, and the app serves that data and takes new leads.
 */

const changelog = fs.readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
const packageVersion = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The releases CHANGELOG.md lists, newest first, each with the last migration it names. */
const releases = [
  ...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\][^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/gm),
].map((m) => ({ version: m[1]!, lastMigration: /Last migration:\s+`(\w+)`/.exec(m[2]!)?.[1] }));
/** The newest release before this one that names its last migration: what owners run today. */
const previous = releases.find((r) => r.version !== packageVersion && r.lastMigration);

/** An owner's data, in the columns the schema had at migration 0008 (release 0.1.0). */
const ownerData = `
  insert into tags (id, name, color) values (1, 'VIP', '#ff0000'), (2, 'Émoji 🎉', '#00ff00');
  select setval('tags_id_seq', 2);
  insert into contacts (id, name, email, phone, message, prefer_text_and_call, status, notes, created_at, last_activity_at) values
    (1, 'Olivia Martin', 'olivia@example.com', '+1 555 0100', 'We need a booking site', true, 'contacted', 'Called twice', '2025-01-01T10:00:00Z', '2025-01-05T10:00:00Z'),
    (2, 'نور', 'noor@example.com', null, 'مرحبا — a shop please', false, 'new', null, '2025-02-01T10:00:00Z', '2025-02-01T10:00:00Z'),
    (3, 'Noah', 'noah@example.com', null, E'Line one\\nline two', false, 'converted', null, '2025-03-01T10:00:00Z', '2025-03-01T10:00:00Z');
  select setval('contacts_id_seq', 3);
  insert into contact_tags (contact_id, tag_id) values (1, 1), (2, 2);
  insert into contact_messages (contact_id, sender, subject, content, sent_at) values
    (1, 'admin', 'Your site', '<p>Hello Olivia</p>', '2025-01-02T10:00:00Z'),
    (1, 'contact', null, 'Thanks!', '2025-01-05T10:00:00Z');
  insert into contact_tasks (contact_id, title, priority, status, due_at) values
    (1, 'Send the quote', 'high', 'pending', '2025-01-10T09:00:00Z');
  insert into clients (id, name, email, company, from_contact_id) values (1, 'Noah', 'noah@example.com', 'Noah & Co', 3);
  select setval('clients_id_seq', 1);
  insert into client_tasks (client_id, title, status) values (1, 'Kick-off call', 'done');
  insert into campaigns (id, name, subject, html_content, status, sent_at) values
    (1, 'Spring', 'Hi {{name}}', '<p>Hi</p>', 'sent', '2025-04-01T10:00:00Z');
  select setval('campaigns_id_seq', 1);
  insert into campaign_recipients (campaign_id, contact_id, email, name, status, sent_at) values
    (1, 1, 'olivia@example.com', 'Olivia Martin', 'sent', '2025-04-01T10:00:00Z'),
    (1, 2, 'noor@example.com', 'نور', 'failed', null);
  insert into unsubscribes (email, contact_id, campaign_id) values ('noor@example.com', 2, 1);
  insert into daily_visits (day, views, unique_visitors) values ('2025-04-01', 120, 80);
  insert into settings (key, value) values ('owner.note', '"kept"');`;

/** Builds the database `previous` made, fills it, and opens it with today's migrations. */
async function openUpgraded(lastMigration: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-'));
  const folder = migrationsThrough(lastMigration, path.join(dir, 'migrations'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let counts: Map<string, number>;
  const countAll = async (query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>) => {
    const tables = (
      await query(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    ).rows.map((r) => String(r.table_name));
    const result = new Map<string, number>();
    for (const table of tables.sort()) {
      const { rows } = await query(`select count(*) as n from "${table}"`);
      result.set(table, Number(rows[0]!.n));
    }
    return result;
  };
  if (!serverUrl) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
    await client.exec(ownerData);
    counts = await countAll((sql) => client.query(sql));
    const database = await openDatabase({ pglite: client });
    return {
      database,
      before: counts,
      count: () => countAll((sql) => client.query(sql)),
      cleanup: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await freshPostgresDatabase(serverUrl);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
  // pool.end() resolves before its connection has closed; the forced drop below may end that
  // connection first, and pg-pool re-emits the error on the pool, where nothing else listens.
  pool.on('error', () => {});
  await migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder });
  await pool.query(ownerData);
  counts = await countAll((sql) => pool.query(sql));
  const database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 2 });
  return {
    database,
    before: counts,
    count: () => countAll((sql) => pool.query(sql)),
    cleanup: async () => {
      await pool.end();
      await database.close();
      await scratch.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('versions', () => {
  it('package.json has a semantic version that CHANGELOG.md describes', () => {
    expect(packageVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(releases.map((r) => r.version)).toContain(packageVersion);
    expect(previous, 'an earlier release naming its last migration').toBeDefined();
  });
});

describe.runIf(previous)(`upgrading from ${previous?.version} with data`, () => {
  let upgraded: Awaited<ReturnType<typeof openUpgraded>>;
  let app: App;
  let cookie: string;
  let dataDir: string;

  beforeAll(async () => {
    upgraded = await openUpgraded(previous!.lastMigration!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-app-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    app = await buildApp({ config, database: upgraded.database as Database, pages: null });
    await app.ready();
    cookie = await signIn(app);
  });
  afterAll(async () => {
    await app?.close();
    await upgraded?.cleanup();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs every later migration and keeps every row of every table the old release had', async () => {
    const after = await upgraded.count();
    const lost = [...upgraded.before].filter(([table, n]) => (after.get(table) ?? -1) < n);
    expect(lost).toEqual([]);
    expect(upgraded.before.get('contacts')).toBe(3);
    const journal = (await upgraded.database.db.execute(
      'select count(*) as n from drizzle.__drizzle_migrations' as never,
    )) as unknown as { rows: { n: number | string }[] };
    const shipped = JSON.parse(
      fs.readFileSync(new URL('../../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    expect(Number(journal.rows[0]!.n)).toBe(shipped.entries.length);
  });

  it('serves the old data through the API: contacts, tags, thread, tasks, clients, campaigns', async () => {
    const get = async (url: string) => {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const list = JSON.stringify(await get('/api/admin/contacts'));
    for (const name of ['Olivia Martin', 'نور', 'Noah']) expect(list).toContain(name);
    const olivia = JSON.stringify(await get('/api/admin/contacts/1'));
    for (const text of ['Called twice', 'VIP', 'Send the quote', '+1 555 0100'])
      expect(olivia).toContain(text);
    const thread = JSON.stringify(await get('/api/admin/contacts/1/messages'));
    for (const text of ['Hello Olivia', 'Thanks!']) expect(thread).toContain(text);
    expect(JSON.stringify(await get('/api/admin/contacts/2'))).toContain('Émoji 🎉');
    expect(JSON.stringify(await get('/api/admin/clients'))).toContain('Noah & Co');
    const campaigns = JSON.stringify(await get('/api/admin/campaigns'));
    expect(campaigns).toContain('Spring');
  });

  it('names the running release and its migration level at GET /api/version, to anyone, and nothing more', async () => {
    const res = await app.inject({ url: '/api/version', remoteAddress: '203.0.113.4' });
    expect(res.statusCode).toBe(200);
    const entries = migrationJournal().entries;
    const level = entries.length - 1;
    expect(res.json()).toEqual({
      version: `${packageVersion}+m${String(level).padStart(4, '0')}`,
      release: packageVersion,
      schema: level,
      migration: entries.at(-1)!.tag,
    });
  });

  it('answers another version for the same package.json once a migration is added', () => {
    const today = readVersionInfo();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'version-'));
    try {
      const older = readVersionInfo(migrationsBefore(migrationJournal().entries.at(-1)!.tag, dir));
      expect(older.release).toBe(today.release);
      expect(older.version).not.toBe(today.version);
      expect(older.schema).toBe(today.schema - 1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a new lead, and a returning one joins the old contact', async () => {
    const post = (email: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress,
        payload: { name: 'After the upgrade', email, message: 'Still here?' },
      });
    const fresh = await post('new.after.upgrade@example.com', '10.9.0.1');
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).toBe(4);
    const returning = await post('OLIVIA@example.com', '10.9.0.2');
    expect(returning.statusCode).toBe(201);
    expect(returning.json().id).toBe(1);
  });
});
