import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { MAX_ID } from '../../shared/ids.ts';
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

/**
 * Splits the contacts matching `where` (a condition on `contacts`) into at most `lanes` id ranges
 * that hold about as many of them each (percentiles of their ids, one scan), and together cover
 * every id. One lane: the whole range, without a query.
 */
export async function idRanges(db: Db, where: SQL, lanes: number): Promise<IdRange[]> {
  if (lanes <= 1) return [{ after: 0, last: MAX_ID }];
  const fractions = Array.from({ length: lanes - 1 }, (_, i) => (i + 1) / lanes);
  const [row] = resultRows<{ cuts: (number | string | null)[] | null }>(
    await db.execute(sql`
      select percentile_disc(${`{${fractions.join(',')}}`}::float8[])
        within group (order by ${contacts.id}) as cuts
      from ${contacts} where ${where}`),
  );
  const cuts = [...new Set((row?.cuts ?? []).filter((c) => c !== null).map(Number))].sort((a, b) => a - b);
  const ranges: IdRange[] = [];
  let after = 0;
  for (const cut of cuts) {
    ranges.push({ after, last: cut });
    after = cut;
  }
  ranges.push({ after, last: MAX_ID });
  return ranges;
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

/** PostgreSQL's 'deadlock detected' (40P01), on either driver and through Drizzle's wrapper. */
export function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}
