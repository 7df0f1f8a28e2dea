import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireLockFile } from './lock-file.ts';
import * as schema from './schema/index.ts';
import { pgliteSnapshot } from './snapshot.ts';

/**
 * One database handle for the app, on either engine (DESIGN §1): PGlite embedded in the data
 * folder by default, or a PostgreSQL server when `DATABASE_URL` is set. Same schema, same
 * migrations, same Drizzle query code.
 */

export type Schema = typeof schema;
/** The Drizzle database both engines share (query builder, transactions). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query; rejects otherwise (for /readyz). */
  ping(): Promise<void>;
  /** Closes connections and releases the data-folder lock. Safe to call twice. */
  close(): Promise<void>;
  /**
   * Embedded database only: a consistent copy of its whole data folder as a gzipped tar (issue
   * #14 backups), taken while the database stays open. See src/server/backup/snapshot.ts.
   */
  snapshot?(): Promise<Uint8Array>;
}

/**
 * PGlite's PostgreSQL is 9 MB of WebAssembly. V8 compiles it with its baseline compiler (Liftoff)
 * and then again, function by function as they get hot, with its optimising one (TurboFan), and
 * keeps both: measured, the open went from 5.2 s to 0.9 s and the process from 163 to 122 MB
 * resident with Liftoff only, at a similar rate of small transactions (issue #15, decision 027).
 * A compile-time flag, so it applies to modules compiled after this line: set before any PGlite.
 */
v8.setFlagsFromString('--liftoff-only');

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant key for `pg_advisory_lock`, so concurrent start-ups migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_345_112_001;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Data folder for PGlite (`<dataDir>/pglite`); ignored for PostgreSQL. */
  dataDir?: string;
  /** An already-open PGlite instance (tests pass a clone of a migrated template). */
  pglite?: PGlite;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

/**
 * Opens the database and applies pending migrations.
 * @throws when the data folder is locked by another live process, or the server cannot be reached.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10);
  if (options.pglite) return wrapPglite(options.pglite, () => {});
  if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or pglite');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const release = acquireLockFile(path.join(options.dataDir, 'app.lock'));
  try {
    const folder = path.join(options.dataDir, 'pglite');
    if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) await initPglite(folder);
    makePrivate(folder);
    const client = await PGlite.create(folder, {
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
    });
    return await wrapPglite(client, () => {
      makePrivate(folder);
      release();
    });
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite's defaults plus a smaller buffer cache: PostgreSQL's 128 MB of shared buffers live in the
 * WebAssembly heap and were most of the server's resident memory; 8 MB (1,024 pages) holds a small
 * CRM's hot pages, and the operating system's file cache holds the rest (measured: a reopened
 * database 349 → 189 MB RSS at 16 MB, 22 MB less again at 8 MB; issue #15, decision 027).
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];

/**
 * Extensions every embedded database loads: pg_trgm for the contact search's trigram indexes
 * (migration 0003, issue #15). PGlite loads an extension only when its constructor names it, so
 * every `PGlite.create` of this project's schema passes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Runs initdb for a new embedded database in a child process (see init-pglite.mjs for why). */
async function initPglite(folder: string): Promise<void> {
  const script = fileURLToPath(new URL('./init-pglite.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`creating the embedded database in ${folder} failed (exit ${code}): ${stderr}`);
}

/**
 * PGlite's file system writes its files world-readable (0666, whatever the umask): close the
 * database's tree to its owner (folders 0700, files 0600; issue #10 §7), at open and at close.
 * Files it adds while running sit in these closed folders until then.
 */
export function makePrivate(target: string) {
  const stat = fs.statSync(target);
  fs.chmodSync(target, stat.isDirectory() ? 0o700 : 0o600);
  if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) makePrivate(path.join(target, entry));
}

async function wrapPglite(client: PGlite, release: () => void): Promise<Database> {
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    snapshot: () => pgliteSnapshot(client),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      release();
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzlePg({ client: pool, schema });
  const lockClient = await pool.connect();
  try {
    // Two instances starting together: the second waits here, then finds nothing to apply.
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
