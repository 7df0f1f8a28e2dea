import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';

/** Quiet time after the last erasure before the scrub runs: a bulk erase's batches scrub once. */
export const SCRUB_DELAY_MS = 10_000;

/**
 * Largest table (with its indexes and TOAST) rewritten after an erasure. PGlite runs a statement
 * on the Node thread, so a `VACUUM FULL` freezes every request for its whole length: measured
 * (decision 061) 31 s for 50,000 contacts (contacts 28.5 MB + contact_search 18.7 MB) on the
 * shared 2-core machine under load, about 1 MB/s there. Larger tables keep the bytes in the
 * live folder (docs/personal-data.md says how long); backups are rewritten in a process of their
 * own instead (src/db/snapshot.ts `pgliteBackup`, decision 073).
 */
export const SCRUB_MAX_TABLE_BYTES = 2 * 1024 * 1024;

/**
 * WAL segment switches after the rewrite. Measured on PGlite (decision 061): after the tables
 * were rewritten and a CHECKPOINT, three switches, each followed by a CHECKPOINT, left no WAL
 * file holding the erased words (the segments that did are removed, `wal_recycle=off`, or
 * overwritten).
 */
const WAL_SWITCHES = 3;

/**
 * Removes erased people's bytes from the embedded database's files (decision 061). A DELETE
 * only marks a row dead; plain VACUUM frees its space but leaves the bytes in the page (and in
 * its indexes) until something overwrites them, and the WAL holds the row as it was written. So,
 * some quiet seconds after the last erasure, this rewrites every table of the `public` schema up
 * to {@link SCRUB_MAX_TABLE_BYTES} with `VACUUM FULL` (new files holding only live rows; the old
 * files are unlinked), one statement per table so requests run in between, then CHECKPOINT and switches the WAL until
 * no segment from before the rewrite is left. Backups call {@link flush} first, so no backup taken
 * after an erasure holds the person.
 *
 * Embedded database only: on PostgreSQL the server's files are the operator's (autovacuum reuses
 * the space; docs/personal-data.md), and its backups are logical (pg_dump).
 */
export class ErasureScrubber {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  /** Tables larger than this are not rewritten here ({@link SCRUB_MAX_TABLE_BYTES} unless a test says). */
  readonly maxTableBytes: number;

  constructor(
    private readonly o: { db: Db; log: FastifyBaseLogger; delayMs?: number; maxTableBytes?: number },
  ) {
    this.maxTableBytes = o.maxTableBytes ?? SCRUB_MAX_TABLE_BYTES;
  }

  /** An erasure committed: scrub after {@link SCRUB_DELAY_MS} of quiet. */
  schedule(): void {
    this.dirty = true;
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.flush().catch((error) => this.o.log.error({ err: error }, 'scrub after erasure failed'));
    }, this.o.delayMs ?? SCRUB_DELAY_MS);
    this.timer.unref();
  }

  /** Runs a pending scrub now (and waits for one under way). A backup calls this before its snapshot. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    const next = this.running.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      try {
        await this.scrub();
      } catch (error) {
        this.dirty = true;
        throw error;
      }
    });
    this.running = next.catch(() => {});
    return next;
  }

  /** Stops scheduling; a pending scrub runs at the next start (after its next erasure) or backup. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private async scrub(): Promise<void> {
    const done = await scrubDatabaseFiles(this.o.db, this.maxTableBytes);
    this.o.log.info(done, 'erased data scrubbed from the database files');
  }
}

/** One table of a scrub: its name and size (bytes, with indexes and TOAST) before the rewrite. */
export interface ScrubTable {
  name: string;
  bytes: number;
}

/**
 * The scrub itself (see {@link ErasureScrubber}): `VACUUM FULL` of every table of the `public`
 * schema up to `maxTableBytes` (smallest first, one statement each), then a CHECKPOINT and
 * {@link WAL_SWITCHES} WAL switches each followed by one. `onTable` hears of each table before its
 * rewrite (`npm run scrub` prints it). @returns the tables rewritten, those skipped as too large,
 * the whole time and the longest table's (ms).
 */
export async function scrubDatabaseFiles(
  db: Db,
  maxTableBytes: number,
  onTable: (table: ScrubTable, index: number, count: number) => void = () => {},
): Promise<{ tables: number; skipped: string[]; ms: number; longestTableMs: number }> {
  const started = Date.now();
  const all = resultRows<{ name: string; bytes: string | number }>(
    await db.execute(sql`
      select quote_ident(c.relname) as name, pg_total_relation_size(c.oid) as bytes from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
      order by 2`),
  ).map((t) => ({ name: t.name, bytes: Number(t.bytes) }));
  const tables = all.filter((t) => t.bytes <= maxTableBytes);
  let longest = 0;
  for (const [i, table] of tables.entries()) {
    onTable(table, i, tables.length);
    const at = Date.now();
    await db.execute(sql.raw(`vacuum full ${table.name}`));
    longest = Math.max(longest, Date.now() - at);
  }
  await db.execute(sql`checkpoint`);
  for (let i = 0; i < WAL_SWITCHES; i++) {
    await db.execute(sql`select pg_switch_wal()`);
    await db.execute(sql`checkpoint`);
  }
  return {
    tables: tables.length,
    skipped: all.filter((t) => t.bytes > maxTableBytes).map((t) => t.name),
    ms: Date.now() - started,
    longestTableMs: longest,
  };
}
