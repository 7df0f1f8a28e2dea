import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';

/**
 * Bulk changes of many contacts side by side (decision 050): PostgreSQL runs one UPDATE or DELETE
 * on one core, so a change of a million contacts split into id ranges that run at once on as many
 * connections finishes in about 1/n of the time on an n-core server. The embedded database has
 * one connection: one lane there.
 */

/** Lanes of a bulk change on PostgreSQL: the two cores of the machines this is measured on. */
export const POSTGRES_BULK_LANES = 2;

/** Contacts with an id above `after`, up to and including `last`. */
export interface IdRange {
  after: number;
  last: number;
}

/** The condition of a bulk change, for the contacts of one id window or (no window) for all. */
export type Selection = (within?: IdRange) => SQL;

/**
 * The id ranges of a bulk change: from just below the first matching id to the last, split into
 * at most `lanes` ranges that hold about as many matching contacts each (percentiles of their
 * ids; one scan). Empty when nothing matches. Contacts added after this query are not part of it.
 */
export async function idRanges(db: Db, where: SQL, lanes: number): Promise<IdRange[]> {
  const fractions = Array.from({ length: Math.max(0, lanes - 1) }, (_, i) => (i + 1) / lanes);
  const cuts =
    fractions.length > 0
      ? sql`percentile_disc(${`{${fractions.join(',')}}`}::float8[]) within group (order by ${contacts.id})`
      : sql`null::int[]`;
  const [row] = resultRows<{ first: number | null; last: number | null; cuts: (number | null)[] | null }>(
    await db.execute(sql`
      select min(${contacts.id}) as first, max(${contacts.id}) as last, ${cuts} as cuts
      from ${contacts} where ${where}`),
  );
  if (row?.first == null || row.last == null) return [];
  const last = Number(row.last);
  const ranges: IdRange[] = [];
  let after = Number(row.first) - 1;
  for (const cut of [...new Set((row.cuts ?? []).filter((c) => c !== null).map(Number))].sort(
    (a, b) => a - b,
  )) {
    if (cut <= after || cut >= last) continue;
    ranges.push({ after, last: cut });
    after = cut;
  }
  ranges.push({ after, last });
  return ranges;
}

/**
 * Calls `work` on consecutive windows of `size` ids across `range`, one after another, and sums
 * what it returns. Windows of ids, not of matching contacts: each statement reads a bounded slice
 * of every table it joins (the search's `contact_search` too, when `Selection` passes the window
 * on), however many or few contacts match.
 */
export async function overWindows(
  range: IdRange,
  size: number,
  work: (window: IdRange) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (let after = range.after; after < range.last; after += size) {
    total += await work({ after, last: Math.min(after + size, range.last) });
  }
  return total;
}

/**
 * Runs `lane` on every range at once and sums what they return. Waits for every lane to end
 * before it settles, so a failure in one never leaves another running after the answer.
 * @throws the first lane's error, after all have ended.
 */
export async function inLanes(ranges: IdRange[], lane: (range: IdRange) => Promise<number>): Promise<number> {
  const results = await Promise.allSettled(ranges.map(lane));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
}

/**
 * Runs `transaction` again (up to 5 attempts in all) when PostgreSQL rolled it back to end a
 * deadlock, which two lanes wanting the same row can cause. @throws any other error at once, and
 * the deadlock of the fifth attempt.
 */
export async function withDeadlockRetry<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= 5 || !isDeadlock(error)) throw error;
    }
  }
}

/** PostgreSQL's 'deadlock detected' (40P01), on either driver and through Drizzle's wrapper. */
function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}
