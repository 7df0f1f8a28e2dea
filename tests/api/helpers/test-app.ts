import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../../../src/db/client.ts';
import { contacts } from '../../../src/db/schema/index.ts';
import { type App, type BuildAppOptions, buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { loadPages } from '../../../src/server/web/load-pages.ts';
import { freshPostgresDatabase } from './postgres-database.ts';

/**
 * Test harness: a real app on a real, empty, migrated database.
 * - Default: PGlite. One migrated template per worker, dumped once; each app gets a new instance
 *   started from that dump (about 0.7 CPU-s, far cheaper than creating and migrating a new
 *   instance, decision 004; `clone()` dumped the template again every time, about 1.0 CPU-s).
 * - With `TEST_DATABASE_URL` (a PostgreSQL server): each app gets its own new database, dropped
 *   when the app closes.
 */

let migrated: Promise<File | Blob> | undefined;

/** The data folder of a freshly migrated database, as an uncompressed tarball, made once per worker. */
async function migratedDump(): Promise<File | Blob> {
  migrated ??= (async () => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await openDatabase({ pglite: client });
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return migrated;
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Opens a fresh empty database of the engine under test; on PostgreSQL `url` is its address (a
 * second app instance can open its own pool on it).
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const pglite = await PGlite.create({ loadDataDir: await migratedDump(), extensions: PGLITE_EXTENSIONS });
    return openDatabase({ pglite });
  }
  const scratch = await freshPostgresDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: scratch.url, maxConnections: 4 });
  const close = database.close;
  return {
    ...database,
    url: scratch.url,
    async close() {
      await close();
      await scratch.drop();
    },
  };
}

export interface TestApp {
  app: App;
  /** `url`: the PostgreSQL database's address (unset on the embedded engine). */
  database: Database & { url?: string };
  /** The app's data folder (outbox files land in `outbox/`). */
  dataDir: string;
  close(): Promise<void>;
}

const fixtureDist = fileURLToPath(new URL('../fixtures/dist', import.meta.url));

/**
 * Builds the app on a fresh database with `env` overrides. API only by default; `withPages` serves
 * pages rendered from a small fixture build (tests/api/fixtures/dist), for the web routes.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { withPages?: boolean; app?: Partial<BuildAppOptions> } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  const database = await openTestDatabase();
  const pages = options.withPages
    ? await loadPages(fixtureDist, { ...config.site, demoMode: config.demoMode })
    : null;
  const app = await buildApp({ config, database, pages, ...options.app });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in with the demo pair (or `credentials`) and returns the session cookie header. */
export async function signIn(
  app: App,
  credentials = { username: 'admin', password: 'demo-admin' },
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: credentials });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

/**
 * Inserts `n` contacts in one statement: `<prefix> <i>` at `<prefix><i>@<domain>`, with the message
 * 'Hi' and what `extra(i)` adds (a status, another message). @returns their ids, in order.
 */
export async function insertContacts(
  db: Database['db'],
  prefix: string,
  n: number,
  domain = 'example.com',
  extra: (i: number) => Partial<typeof contacts.$inferInsert> = () => ({}),
): Promise<number[]> {
  const rows = await db
    .insert(contacts)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `${prefix} ${i}`,
        email: `${prefix}${i}@${domain}`,
        message: 'Hi',
        ...extra(i),
      })),
    )
    .returning({ id: contacts.id });
  return rows.map((r) => r.id);
}
