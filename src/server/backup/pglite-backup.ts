import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { makePrivate, PGLITE_START_PARAMS } from '../../db/client.ts';
import { acquireLockFile } from '../../db/lock-file.ts';
import { pgliteBackup } from '../../db/snapshot.ts';
import { SCRUB_MAX_TABLE_BYTES } from '../contacts/scrub-erased.ts';
import { readEveryTable, UnreadableTableError } from './read-every-table.ts';

/**
 * Backup and restore of the embedded database's data folder (`DATA_DIR/pglite`) by a process
 * that holds the folder's lock itself (no server running). While a server runs it owns the
 * folder; `npm run backup` then asks it for the snapshot (control-channel.ts). Decision 022.
 */

/** Thrown for conditions the owner must act on; the CLIs print the message alone and exit 1. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The embedded database's folder inside a data folder. */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Whether a folder holds a database already (or anything at all: never overwrite unknown files). */
export function folderInUse(folder: string): boolean {
  try {
    return fs.readdirSync(folder).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Opens `DATA_DIR/pglite` without a server (taking the data folder's lock, so a server cannot
 * start meanwhile), snapshots it into `consume` and closes it again. No migration runs: the
 * backup is the database as it was (rewritten to live rows only past the erasure scrub's size,
 * as the server's backups: decision 073). @throws BackupError when there is no database; the lock's
 * Error when a process holds the folder; what `consume` throws.
 */
export async function snapshotDataFolder<T>(
  dataDir: string,
  consume: (chunks: AsyncIterable<Uint8Array>) => Promise<T>,
): Promise<T> {
  const folder = pgliteFolder(dataDir);
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`No embedded database in ${folder} (nothing to back up). Is DATA_DIR right?`);
  }
  const release = acquireLockFile(path.join(dataDir, 'app.lock'));
  try {
    const client = await PGlite.create(folder, { startParams: PGLITE_START_PARAMS });
    try {
      return await consume(
        pgliteBackup(client, folder, {
          rewriteOver: SCRUB_MAX_TABLE_BYTES,
          tmpDir: path.join(dataDir, 'tmp'),
          startParams: PGLITE_START_PARAMS,
        }),
      );
    } finally {
      await client.close();
      makePrivate(folder);
    }
  } finally {
    release();
  }
}

/** What `restoreDataFolder` did. */
export interface PgliteRestoreResult {
  folder: string;
  /** Where the replaced database was moved (with `force` over an existing one). */
  previous?: string;
  /** Tables read whole before it was moved into place. */
  tables: number;
}

/**
 * Restores a `.tar.gz` snapshot into `DATA_DIR/pglite`. Everything is checked before the target
 * is touched: the file must be a complete gzip stream, unpack as a data folder, open as a
 * database (crash recovery included), hold this app's migrations table, and give up every table
 * whole (read-every-table.ts: a damaged page is refused naming its table). Only then is it moved
 * into place; with `force` an existing database is moved aside to `pglite.before-restore-<time>`
 * (never deleted). @throws BackupError naming what is wrong; the target is then untouched.
 */
export async function restoreDataFolder(
  dataDir: string,
  bytes: Uint8Array,
  options: { force: boolean; source: string },
): Promise<PgliteRestoreResult> {
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    throw new BackupError(
      bytes.subarray(0, 5).toString() === 'PGDMP'
        ? `${options.source} is a PostgreSQL backup (pg_dump); set DATABASE_URL to restore it into a PostgreSQL database.`
        : `${options.source} is not a backup of this app (expected a .tar.gz of the embedded database).`,
    );
  }
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch (error) {
    throw new BackupError(
      `${options.source} is damaged or incomplete (${(error as Error).message}); nothing was changed.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = acquireLockFile(path.join(dataDir, 'app.lock'));
  const folder = pgliteFolder(dataDir);
  const staging = path.join(dataDir, `pglite.restoring-${randomBytes(4).toString('hex')}`);
  try {
    if (folderInUse(folder) && !options.force) {
      throw new BackupError(
        `${folder} already holds a database. Restoring replaces it: run again with --force (the current one is kept as ${path.basename(folder)}.before-restore-<time>).`,
      );
    }
    const tables = await unpackAndCheck(staging, tar, options.source);
    let previous: string | undefined;
    if (fs.existsSync(folder)) {
      previous = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      fs.renameSync(folder, previous);
    }
    fs.renameSync(staging, folder);
    return { folder, previous, tables };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

/**
 * Unpacks the tar into `staging` with PGlite itself, opens it, checks it is this app's database
 * and reads every table whole. @returns how many tables were read.
 */
async function unpackAndCheck(staging: string, tar: Buffer, source: string): Promise<number> {
  let client: PGlite | undefined;
  let tables: number;
  try {
    client = await PGlite.create(staging, {
      loadDataDir: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }),
      startParams: PGLITE_START_PARAMS,
    });
    await client.query('select count(*) from drizzle.__drizzle_migrations');
    const pglite = client;
    tables = (await readEveryTable((statement) => pglite.query(statement))).length;
  } catch (error) {
    if (error instanceof UnreadableTableError) {
      throw new BackupError(
        `${source} is damaged: table ${error.table} cannot be read (${error.reason}); nothing was changed. Restore an older backup.`,
      );
    }
    throw new BackupError(
      `${source} does not hold a readable database of this app (${(error as Error).message}); nothing was changed.`,
    );
  } finally {
    await client?.close().catch(() => {});
  }
  makePrivate(staging);
  return tables;
}
