import fs from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from '../../db/client.ts';
import { FolderInUseError } from '../../db/lock-file.ts';
import type { AppConfig } from '../config.ts';
import { type ScrubTable, scrubDatabaseFiles } from './scrub-erased.ts';

/** Why `npm run scrub` did nothing, in one sentence for the person who ran it. */
export class ScrubError extends Error {}

/**
 * `npm run scrub` (docs/personal-data.md, decision 061): with the server stopped, rewrites every
 * table of the embedded database in `DATA_DIR`, whatever its size, then checkpoints and switches
 * the WAL, so no file of the live folder keeps an erased person's bytes. The running server
 * rewrites only the tables it can within about 1 s each (scrub-erased.ts), since a rewrite stops
 * the embedded database for its length. `onTable` hears of each table before its rewrite.
 * @returns what {@link scrubDatabaseFiles} returns.
 * @throws ScrubError on PostgreSQL (its files are the database server's), without an embedded
 * database in `DATA_DIR`, or while a server holds the data folder.
 */
export async function scrubDataFolder(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  onTable?: (table: ScrubTable, index: number, count: number) => void,
) {
  if (config.databaseUrl)
    throw new ScrubError(
      "DATABASE_URL is set: a PostgreSQL server's files are its own; run VACUUM FULL there (docs/personal-data.md).",
    );
  if (!fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION')))
    throw new ScrubError(`No embedded database in ${config.dataDir} (DATA_DIR).`);
  let database: Database;
  try {
    database = await openDatabase({ dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof FolderInUseError)
      throw new ScrubError(
        `A server (or another command) holds ${config.dataDir}: stop it, run npm run scrub, then start it again (the scrub takes the database for its whole length).`,
      );
    throw error;
  }
  try {
    return await scrubDatabaseFiles(database.db, { maxTableBytes: Number.POSITIVE_INFINITY, onTable });
  } finally {
    await database.close();
  }
}
