import type { PGlite } from '@electric-sql/pglite';

/**
 * A consistent snapshot of an open embedded database (decision 022): PGlite's
 * `dumpDataDir('gzip')` copies every file of the data folder into a gzipped tar while holding
 * PGlite's query lock, so no statement runs during the copy. PGlite is one single-threaded
 * PostgreSQL backend and every commit has reached the WAL on disk before it returns, so the copy
 * is exactly what a power cut at that instant would leave: opening it runs PostgreSQL's crash
 * recovery, which keeps every committed transaction and drops any that was still open. The
 * CHECKPOINT first only makes that recovery short (little WAL to replay).
 *
 * @returns the `.tar.gz` bytes (the whole database in memory: fine for a small CRM's data).
 */
export async function pgliteSnapshot(client: PGlite): Promise<Uint8Array> {
  await client.exec('checkpoint');
  const blob = await client.dumpDataDir('gzip');
  return new Uint8Array(await blob.arrayBuffer());
}
