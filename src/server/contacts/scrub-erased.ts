import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';

/** Quiet time after the last erasure before the scrub runs: a bulk erase's batches scrub once. */
export const SCRUB_DELAY_MS = 10_000;

/**
 * Largest table (with its indexes and TOAST) always rewritten after an erasure. PGlite runs a statement
 * on the Node thread, so a `VACUUM FULL` freezes every request for its whole length: measured
 * (decision 061) 31 s for 50,000 contacts (contacts 28.5 MB + contact_search 18.7 MB) on the
 * shared 2-core machine under load, about 1 MB/s there. A larger table is rewritten only when
 * predicted within {@link SCRUB_BUDGET_MS}, else it keeps the bytes in the live folder
 * (docs/personal-data.md says how long); backups are rewritten in a process of their own instead
 * (src/db/snapshot.ts `pgliteBackup`, decision 073).
 */
export const SCRUB_MAX_TABLE_BYTES = 2 * 1024 * 1024;

/**
 * Longest a larger table's rewrite may be predicted to take for the scrub to do it anyway (ms).
 * The prediction is {@link SCRUB_SLOWEST_TABLE} times the table's size at the fastest rate this
 * very scrub measured on a smaller table (smallest first). 1 s, the longest wait a lead or
 * `/readyz` may see (as for imports): 50,000 contacts' tables (55 MB) rewrote at 13 MB/s on a
 * quiet 2-core machine and about 1.5 MB/s under load (decision 061 and its addendum).
 */
export const SCRUB_BUDGET_MS = 1000;

/**
 * How many times slower per byte than the fastest table measured a larger table's rewrite is
 * taken to be: contact_search, with its trigram indexes, rewrote at 10 MB/s where
 * contact_stage_changes did 33 MB/s (20,000 contacts, quiet 2-core machine; decision 061, addendum).
 */
const SCRUB_SLOWEST_TABLE = 3;

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
 * to {@link SCRUB_MAX_TABLE_BYTES}, and each larger one predicted to take at most
 * {@link SCRUB_BUDGET_MS}, with `VACUUM FULL` (new files holding only live rows; the old
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
    private readonly o: {
      db: Db;
      log: FastifyBaseLogger;
      delayMs?: number;
      maxTableBytes?: number;
      /** {@link SCRUB_BUDGET_MS} unless a test says. */
      budgetMs?: number;
    },
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
    const done = await scrubDatabaseFiles(this.o.db, {
      maxTableBytes: this.maxTableBytes,
      budgetMs: this.o.budgetMs ?? SCRUB_BUDGET_MS,
    });
    this.o.log.info(done, 'erased data scrubbed from the database files');
  }
}

/**
 * Lets the requests that arrived during a statement reach the database before the next one: a
 * statement resolves in a microtask, ahead of any socket read, so without this the scrub's next
 * statement was always first in PGlite's queue and `/readyz` waited for the whole scrub.
 */
const requestsFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One table of a scrub: its name and size (bytes, with indexes and TOAST) before the rewrite. */
export interface ScrubTable {
  name: string;
  bytes: number;
}

/**
 * The scrub itself (see {@link ErasureScrubber}): `VACUUM FULL` of every table of the `public`
 * schema up to `maxTableBytes` (smallest first, one statement each, requests let in between), and
 * of each larger one whose rewrite is predicted within `budgetMs` (see {@link SCRUB_BUDGET_MS};
 * default 0: none), then a CHECKPOINT and {@link WAL_SWITCHES} WAL switches each followed by one.
 * `onTable` hears of each table before its rewrite (`npm run scrub` prints it). @returns how many tables were rewritten,
 * those skipped as too large, the whole time and the longest table's (ms), and the measured rate.
 */
export async function scrubDatabaseFiles(
  db: Db,
  options: {
    maxTableBytes: number;
    budgetMs?: number;
    onTable?: (table: ScrubTable, index: number, count: number) => void;
  },
): Promise<{ tables: number; skipped: string[]; ms: number; longestTableMs: number; mbPerSecond: number }> {
  const started = performance.now();
  const all = resultRows<{ name: string; bytes: string | number }>(
    await db.execute(sql`
      select quote_ident(c.relname) as name, pg_total_relation_size(c.oid) as bytes from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
      order by 2`),
  ).map((t) => ({ name: t.name, bytes: Number(t.bytes) }));
  const budgetMs = options.budgetMs ?? 0;
  let longest = 0;
  let rewritten = 0;
  // The fastest rate (bytes per ms) of a table rewritten so far in 2 ms or more (shorter ones do
  // not time well); 0 until then, and no larger table is rewritten.
  let rate = 0;
  const skipped: string[] = [];
  for (const [i, table] of all.entries()) {
    const fits =
      table.bytes <= options.maxTableBytes ||
      (rate > 0 && (SCRUB_SLOWEST_TABLE * table.bytes) / rate <= budgetMs);
    if (!fits) {
      skipped.push(table.name);
      continue;
    }
    options.onTable?.(table, i, all.length);
    const at = performance.now();
    await db.execute(sql.raw(`vacuum full ${table.name}`));
    const ms = performance.now() - at;
    if (ms >= 2) rate = Math.max(rate, table.bytes / ms);
    longest = Math.max(longest, ms);
    rewritten++;
    await requestsFirst();
  }
  await db.execute(sql`checkpoint`);
  for (let i = 0; i < WAL_SWITCHES; i++) {
    await requestsFirst();
    await db.execute(sql`select pg_switch_wal()`);
    await db.execute(sql`checkpoint`);
  }
  return {
    tables: rewritten,
    skipped,
    ms: Math.round(performance.now() - started),
    longestTableMs: Math.round(longest),
    // The fastest rate measured (bytes per ms × 1000 / 2^20), for the log.
    mbPerSecond: Math.round((rate / 1048.576) * 10) / 10,
  };
}
