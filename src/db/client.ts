import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DatabaseAvailability, isDatabaseUnavailable, markDriverError } from './database-unavailable.ts';
import { acquireLockFile } from './lock-file.ts';
import { runChild } from './run-child.ts';
import * as schema from './schema/index.ts';
import { pgliteBackup, pgliteDumpSnapshot, REWRITE_PREFIX, type SnapshotOptions } from './snapshot.ts';

/**
 * One database handle for the app, on either engine (docs/architecture.md): PGlite embedded in the data
 * folder by default, or a PostgreSQL server when `DATABASE_URL` is set. Same schema, same
 * migrations, same Drizzle query code.
 */

export type Schema = typeof schema;
/** The Drizzle database both engines share (query builder, transactions). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Whether the database server is reachable, with `down`/`up` events once per outage
   * (docs/decisions/032-database-faults.md). The embedded database never goes away.
   */
  availability: DatabaseAvailability;
  /**
   * Resolves when the database answers a trivial query within `PING_TIMEOUT_MS`; rejects
   * otherwise (for /readyz).
   */
  ping(): Promise<void>;
  /** Closes connections and releases the data-folder lock. Safe to call twice. */
  close(): Promise<void>;
  /**
   * Embedded database only: a consistent copy of its whole data folder as a gzipped tar, as
   * chunks, taken while the database keeps answering (decisions 022, 062; src/db/snapshot.ts).
   * Rewritten to hold only live rows when a table passes `rewriteOver` bytes (decision 073).
   */
  snapshot?(options: Omit<SnapshotOptions, 'tmpDir' | 'startParams'>): AsyncIterable<Uint8Array>;
}

/**
 * PGlite's PostgreSQL is 9 MB of WebAssembly. V8 compiles it with its baseline compiler (Liftoff)
 * and then again, function by function as they get hot, with its optimising one (TurboFan), and
 * keeps both: measured, the open went from 5.2 s to 0.9 s and the process from 163 to 122 MB
 * resident with Liftoff only, at a similar rate of small transactions (decision 027).
 * A compile-time flag, so it applies to modules compiled after this line: set before any PGlite.
 * Node 24's V8 freezes flags once started and ignores this: there the server gets `--liftoff-only`
 * on its command line (scripts/ensure.mjs `serverNodeArgs`); this line still serves tests and
 * scripts on older Node.
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
  /** An already-open PGlite instance (tests pass one started from a migrated template's dump). */
  pglite?: PGlite;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** The pre-initialised database a new data folder starts from (default {@link pgliteTemplate}). */
  template?: string;
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
    removeStaleRewrites(path.join(options.dataDir, 'tmp'));
    const folder = path.join(options.dataDir, 'pglite');
    if (!fs.existsSync(path.join(folder, 'PG_VERSION')))
      await createPgliteFolder(folder, options.template ?? pgliteTemplate);
    makePrivate(folder);
    const client = await PGlite.create(folder, {
      startParams: PGLITE_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
    });
    return await wrapPglite(
      client,
      () => {
        makePrivate(folder);
        release();
      },
      folder,
    );
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite's defaults plus a smaller buffer cache: PostgreSQL's 128 MB of shared buffers live in the
 * WebAssembly heap and were most of the server's resident memory; 8 MB (1,024 pages) holds a small
 * CRM's hot pages, and the operating system's file cache holds the rest (measured: a reopened
 * database 349 → 189 MB RSS at 16 MB, 22 MB less again at 8 MB; decision 027).
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=8MB',
  // A WAL segment no longer needed is deleted, not renamed for reuse with its old bytes inside:
  // an erased person must not linger in pg_wal (decision 061).
  '-c',
  'wal_recycle=off',
  // A new WAL segment is created as a sparse file instead of being written full of zeros first:
  // 16 MB written on the Node thread at every segment switch froze requests for up to 1.4 s
  // (measured with pg_backup_start, decision 062). With recycling off every segment is a new
  // file, so none holds older bytes either way.
  '-c',
  'wal_init_zero=off',
];

/**
 * Extensions every embedded database loads: pg_trgm for the contact search's trigram indexes
 * (migration 0003) and unaccent for its accent-insensitive match (migration 0017,
 * decision 040). PGlite loads an extension only when its constructor names it, so
 * every `PGlite.create` of this project's schema passes these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * The build's pre-initialised embedded database (decision 039): a gzip tarball of a fresh PGlite
 * data folder, made by `npm run build:server` for this exact PGlite release (its name carries the
 * version, so a different PGlite never opens another's files).
 */
export const pgliteTemplate = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const manifest = path.join(dir, 'node_modules/@electric-sql/pglite/package.json');
  // Without PGlite's manifest where npm puts it, no template is used (initdb runs instead).
  if (!fs.existsSync(manifest)) return path.join(dir, 'dist', 'pglite-template', 'none');
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  return path.join(dir, 'dist', 'pglite-template', `pglite-${version}.tar.gz`);
})();

/**
 * Makes a new embedded database in `folder`: unpacks the build's pre-initialised one when present
 * (first start peaks near a later start's memory instead of initdb's 0.8–1.1 GB; decision 039),
 * otherwise runs initdb in a child process. Unpacked beside and renamed, so a crash midway leaves no
 * half database that a later start would take for a whole one.
 */
async function createPgliteFolder(folder: string, template: string): Promise<void> {
  if (!fs.existsSync(template)) return initPglite(folder);
  const staging = `${folder}.new-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    await runChild(
      'tar',
      ['-xzf', template, '-C', staging, '--no-same-owner'],
      'unpacking the embedded database',
    );
    if (!fs.existsSync(path.join(staging, 'PG_VERSION'))) throw new Error(`${template} holds no database`);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(staging, folder);
}

/** Runs initdb for a new embedded database in a child process (see init-pglite.mjs for why). */
async function initPglite(folder: string): Promise<void> {
  const script = fileURLToPath(new URL('./init-pglite.mjs', import.meta.url));
  // On the command line: Node 24 ignores the flag set at run time (scripts/ensure.mjs serverNodeArgs).
  await runChild(
    process.execPath,
    ['--liftoff-only', script, folder],
    `creating the embedded database in ${folder}`,
  );
}

/**
 * Removes the folders of backup rewrites (snapshot.ts `rewrittenSnapshot`) that a crash left in
 * `tmpDir`: they hold a copy of the database. Only the data folder's lock holder rewrites, so
 * with the lock taken none is in use.
 */
function removeStaleRewrites(tmpDir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(tmpDir);
  } catch {
    return;
  }
  for (const name of names)
    if (name.startsWith(REWRITE_PREFIX)) fs.rmSync(path.join(tmpDir, name), { recursive: true, force: true });
}

/**
 * PGlite's file system writes its files world-readable (0666, whatever the umask): close the
 * database's tree to its owner (folders 0700, files 0600), at open and at close.
 * Files it adds while running sit in these closed folders until then.
 */
export function makePrivate(target: string) {
  const stat = fs.statSync(target);
  fs.chmodSync(target, stat.isDirectory() ? 0o700 : 0o600);
  if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) makePrivate(path.join(target, entry));
}

/**
 * `folder`: where the database's files are on disk (absent for one opened by the caller, such as
 * the tests' in-memory databases: their snapshot is PGlite's `dumpDataDir`, taken under its query
 * lock).
 */
async function wrapPglite(client: PGlite, release: () => void, folder?: string): Promise<Database> {
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    availability: new DatabaseAvailability(),
    async ping() {
      await client.query('select 1');
    },
    snapshot: ({ rewriteOver, rewritePriority, copyPriority }) =>
      folder
        ? pgliteBackup(client, folder, {
            rewriteOver,
            rewritePriority,
            copyPriority,
            tmpDir: path.join(path.dirname(folder), 'tmp'),
            startParams: PGLITE_START_PARAMS,
          })
        : pgliteDumpSnapshot(client),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      release();
    },
  };
}

/** Longest a readiness ping may take before the database counts as away (ms). */
export const PING_TIMEOUT_MS = 2000;

/** Pause before the one retry of a read that met a lost connection (ms). */
const READ_RETRY_DELAY_MS = 250;

/**
 * A pool of `pg` connections that never lets a lost connection end the process and retries a read
 * once (docs/decisions/032-database-faults.md):
 * - every client gets an `error` listener for its whole life: pg-pool listens only while a client
 *   is idle, so a server restart (57P01) between two statements of a transaction was an unhandled
 *   'error' event; the dead client is then dropped on release (pg-pool drops clients that are not
 *   queryable) and the statement under way fails with the driver's error;
 * - `pool.query` (every statement outside a transaction) is tried a second time on a fresh
 *   connection when it failed because the database was unavailable and it only reads;
 * - `pool.connect` (a transaction's start) is tried a second time when no connection could be
 *   made: nothing has run yet, so it is safe for writes too;
 * - driver errors are marked as such (isDatabaseUnavailable) and feed `availability`.
 */
function resilientPool(connectionString: string, max: number, availability: DatabaseAvailability): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000 });
  const failed = (err: unknown) => {
    markDriverError(err);
    availability.failed(err);
    return err;
  };
  // An idle client lost its connection: pg-pool has already dropped it.
  pool.on('error', failed);
  pool.on('connect', (client) => {
    availability.succeeded();
    client.on('error', failed);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (err: unknown, ...rest: unknown[]) =>
          callback(err ? failed(err) : err, ...rest);
        return query(...args);
      }
      const result = query(...args);
      return result instanceof Promise
        ? result.catch((err: unknown) => {
            throw failed(err);
          })
        : result;
    }) as typeof client.query;
  });

  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  pool.query = (async (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return poolQuery(...args);
    try {
      const result = await poolQuery(...args);
      availability.succeeded();
      return result;
    } catch (err) {
      failed(err);
      if (!isDatabaseUnavailable(err) || !onlyReads(args[0])) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
    try {
      const result = await poolQuery(...args);
      availability.succeeded();
      return result;
    } catch (err) {
      throw failed(err);
    }
  }) as typeof pool.query;

  const poolConnect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient>;
  pool.connect = (async (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return poolConnect(...args);
    try {
      return await poolConnect();
    } catch (err) {
      failed(err);
      if (!isDatabaseUnavailable(err)) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
    try {
      return await poolConnect();
    } catch (err) {
      throw failed(err);
    }
  }) as typeof pool.connect;
  return pool;
}

/**
 * True for a statement that only reads, so running it twice changes nothing: a plain `select`
 * without row locks or sequence calls. Drizzle writes every select it builds this way.
 */
function onlyReads(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | undefined)?.text;
  if (typeof text !== 'string' || !/^\s*select\b/i.test(text)) return false;
  return !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b|\b(nextval|setval|pg_advisory\w*)\s*\(/i.test(
    text,
  );
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const availability = new DatabaseAvailability();
  const pool = resilientPool(connectionString, max, availability);
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
    availability,
    async ping() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the database did not answer in time')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([db.execute(sql`select 1`), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
