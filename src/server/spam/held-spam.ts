import { sql } from 'drizzle-orm';
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
 * (status, created_at) index; at most `cap` (none: the exact number, as the dashboard shows it).
 */
export async function countHeldSpam(db: Db, cap?: number): Promise<number> {
  const held = sql`select 1 from ${contacts} where ${contacts.status} = 'spam'`;
  const [row] = resultRows<{ n: number | string }>(
    await db.execute(
      cap === undefined
        ? sql`select count(*) as n from (${held}) held`
        : sql`select count(*) as n from (${held} limit ${cap}) held`,
    ),
  );
  return Number(row?.n ?? 0);
}
