import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mailboxSync } from '../../../db/schema/index.ts';

/**
 * The `mailbox_sync` row of one inbound mailbox (decision 023): the import's position, a lease so
 * that one instance at a time reads the mailbox, and the health the setup page shows.
 */

export type MailboxSyncRow = typeof mailboxSync.$inferSelect;

/** Identifies this process as a lease holder. */
export const INSTANCE_ID = randomUUID();

/** The row of `mailbox`, created on first use. */
export async function syncRow(db: Db, mailbox: string): Promise<MailboxSyncRow> {
  await db.insert(mailboxSync).values({ mailbox }).onConflictDoNothing({ target: mailboxSync.mailbox });
  const [row] = await db.select().from(mailboxSync).where(eq(mailboxSync.mailbox, mailbox));
  return row!;
}

/**
 * Takes or renews the lease on `mailbox` for `ms`; null while another live instance holds it.
 * One atomic UPDATE, so two instances racing for a free lease cannot both win.
 */
export async function takeLease(
  db: Db,
  mailbox: string,
  owner: string,
  ms: number,
  now: Date,
): Promise<MailboxSyncRow | null> {
  const [row] = await db
    .update(mailboxSync)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + ms) })
    .where(
      and(
        eq(mailboxSync.mailbox, mailbox),
        or(
          isNull(mailboxSync.leaseUntil),
          lt(mailboxSync.leaseUntil, now),
          eq(mailboxSync.leaseOwner, owner),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives the lease up (on stop or after an error), so another instance can take over at once. */
export async function releaseLease(db: Db, mailbox: string, owner: string): Promise<void> {
  await db
    .update(mailboxSync)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(mailboxSync.mailbox, mailbox), eq(mailboxSync.leaseOwner, owner)));
}

/** Records a good check: errors and backoff cleared. */
export async function recordSuccess(db: Db, mailbox: string, now: Date): Promise<void> {
  await db
    .update(mailboxSync)
    .set({ lastCheckedAt: now, lastSuccessAt: now, lastError: null, failures: 0, nextAttemptAt: null })
    .where(eq(mailboxSync.mailbox, mailbox));
}

/**
 * Records a failed check and when to try again: 15 s after the first failure, doubling, at most
 * 15 minutes. `message` must be safe to show (no password).
 */
export async function recordFailure(db: Db, mailbox: string, message: string, now: Date): Promise<number> {
  const [row] = await db
    .update(mailboxSync)
    .set({
      lastCheckedAt: now,
      lastError: message.slice(0, 500),
      failures: sql`${mailboxSync.failures} + 1`,
      nextAttemptAt: sql`${now}::timestamptz + least(15 * power(2, ${mailboxSync.failures}), 900) * interval '1 second'`,
    })
    .where(eq(mailboxSync.mailbox, mailbox))
    .returning({ failures: mailboxSync.failures });
  return row?.failures ?? 0;
}
