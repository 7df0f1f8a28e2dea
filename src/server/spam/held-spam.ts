import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';

/**
 * Most held contacts a lead notification counts (decision 057): past it the mail says "10,000 or
 * more", so a flood of held spam never makes a real lead's transaction count the whole quarantine.
 */
export const HELD_SPAM_COUNT_CAP = 10_000;

/**
 * How many contacts are held as spam (status `spam`, decisions 037 and 057), counted through the
 * board's index, whose first column is the status (migration 0030); at most `cap` (none: the
 * exact number, as the dashboard shows it).
 */
export async function countHeldSpam(db: Db, cap?: number): Promise<number> {
  const [row] = resultRows<{ n: number | string }>(
    await db.execute(sql`select ${heldSpamCountSql(cap)} as n`),
  );
  return Number(row?.n ?? 0);
}

/** {@link countHeldSpam}'s count as a scalar subquery, for a statement that asks more at once. */
export function heldSpamCountSql(cap?: number): SQL {
  const held = sql`select 1 from ${contacts} where ${contacts.status} = 'spam'`;
  return cap === undefined
    ? sql`(select count(*) from (${held}) held)`
    : sql`(select count(*) from (${held} limit ${cap}) held)`;
}
