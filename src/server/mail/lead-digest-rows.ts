import { and, count, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { Db } from '../../db/client.ts';
import { mailQueue } from '../../db/schema/index.ts';
import { countHeldSpam, HELD_SPAM_COUNT_CAP } from '../spam/held-spam.ts';
import { DIGEST_MAX_LEADS, DIGEST_WINDOW_MS, INDIVIDUAL_WINDOW_MS, leadDigest } from './lead-digest.ts';
import { heldSpamLine } from './lead-notification.ts';

/**
 * The mail queue's rows behind lead digests (lead-digest.ts says when a digest is sent and what it
 * says): the recent history the decision reads, and the folding of waiting lead notifications
 * into one digest row. Run inside the queue's claiming transaction (mail-queue.ts).
 */

/**
 * What decides between single lead notifications and a digest (lead-digest.ts, decideLeadMail):
 * `waiting` notifications due now, how many single ones went out in the last
 * INDIVIDUAL_WINDOW_MS (or are being sent), and when the digests of the last DIGEST_WINDOW_MS
 * were made (newest first, at most 20).
 */
export async function leadMailHistory(db: Db, waiting: number, now: Date) {
  const [individual] = await db
    .select({ n: count() })
    .from(mailQueue)
    .where(
      and(
        eq(mailQueue.kind, 'lead_notification'),
        or(
          eq(mailQueue.status, 'sending'),
          gt(mailQueue.sentAt, new Date(now.getTime() - INDIVIDUAL_WINDOW_MS)),
        ),
      ),
    );
  const digests = await db
    .select({ createdAt: mailQueue.createdAt })
    .from(mailQueue)
    .where(
      and(
        eq(mailQueue.kind, 'lead_digest'),
        gt(mailQueue.createdAt, new Date(now.getTime() - DIGEST_WINDOW_MS)),
      ),
    )
    .orderBy(desc(mailQueue.createdAt))
    .limit(20);
  return {
    waiting,
    individualRecent: Number(individual?.n ?? 0),
    recentDigests: digests.map((d) => d.createdAt),
  };
}

/**
 * Folds every waiting lead notification (oldest first, at most DIGEST_MAX_LEADS, one recipient)
 * into a new digest row and returns its id; the notifications become `digested`.
 */
export async function foldLeadsIntoDigest(
  db: Db,
  now: Date,
  o: { siteName: string; adminUrl?: string },
): Promise<number> {
  const waiting = await db
    .select({
      id: mailQueue.id,
      toAddress: mailQueue.toAddress,
      subject: mailQueue.subject,
      digestEntryHtml: mailQueue.digestEntryHtml,
      digestEntryText: mailQueue.digestEntryText,
    })
    .from(mailQueue)
    .where(
      and(
        eq(mailQueue.status, 'pending'),
        eq(mailQueue.kind, 'lead_notification'),
        lte(mailQueue.nextAttemptAt, now),
      ),
    )
    .orderBy(mailQueue.id)
    .limit(DIGEST_MAX_LEADS)
    .for('update', { skipLocked: true });
  const to = waiting[0]!.toAddress;
  const folded = waiting.filter((w) => w.toAddress === to);
  const digest = leadDigest({
    siteName: o.siteName,
    held:
      o.adminUrl === undefined
        ? null
        : heldSpamLine(await countHeldSpam(db, HELD_SPAM_COUNT_CAP), o.adminUrl),
    entries: folded.map((w) => ({
      html: w.digestEntryHtml ?? `<li>${escapeHtml(w.subject)}</li>`,
      text: w.digestEntryText ?? `- ${w.subject}`,
    })),
  });
  const [row] = await db
    .insert(mailQueue)
    .values({
      kind: 'lead_digest',
      toAddress: to,
      ...digest,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: mailQueue.id });
  await db
    .update(mailQueue)
    .set({ status: 'digested', digestId: row!.id, updatedAt: now })
    .where(
      inArray(
        mailQueue.id,
        folded.map((w) => w.id),
      ),
    );
  return row!.id;
}
