import { and, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { mailQueue } from '../../db/schema/index.ts';
import { WorkerLoop } from '../worker-loop.ts';
import type { Mailer } from './create-mailer.ts';
import { decideLeadMail, HANDFUL, type LeadMailDecision, leadWaitEnds } from './lead-digest.ts';
import { foldLeadsIntoDigest, leadMailHistory } from './lead-digest-rows.ts';
import { DAILY_CAP_LOCK_KEY, remainingToday } from './mail-usage.ts';
import { newMessageId } from './message-id.ts';
import { removeOutboxCopy } from './outbox-provider.ts';

/**
 * The durable queue for mail that must not be lost but need not go out in the request (lead
 * notifications): rows in `mail_queue`, written in the same transaction as the thing they announce,
 * sent by a worker in every instance. Rows are claimed with `FOR UPDATE SKIP LOCKED`, so two
 * instances never take the same row. Failures are retried with exponential backoff; a row left
 * `sending` by a crashed process is retried (at-least-once delivery): at start-up on PGlite (one
 * process owns the data), after `STALE_SENDING_MS` on PostgreSQL. At the daily cap (shared with
 * campaigns and single emails) due rows wait until the window frees. Under a flood, lead
 * notifications are collapsed into digests (lead-digest.ts).
 */

export type QueuedMail = Pick<
  typeof mailQueue.$inferInsert,
  | 'kind'
  | 'toAddress'
  | 'replyTo'
  | 'subject'
  | 'html'
  | 'text'
  | 'digestEntryHtml'
  | 'digestEntryText'
  | 'contactId'
>;

/** The reason a row cancelled by an erasure shows (contacts/erase-contacts.ts). */
export const ERASED_MAIL_ERROR = 'Cancelled: the contact was erased.';

export const MAX_ATTEMPTS = 12;
const STALE_SENDING_MS = 10 * 60 * 1000;
const BATCH = 20;
/** Least time between two passes started by nudges (ms): a flood's nudges cost a pass now and then. */
const PASS_SPACING_MS = 250;

/** Longest wait between a lead's commit and the pass that notifies the owner (ms). */
const LEAD_NUDGE_DELAY_MS = 500;

/** Default backoff: 30 s, 1 min, 2 min, … capped at 1 hour (ms after the `attempt`-th failure). */
export const defaultBackoff = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/** Adds a message to the queue (inside the caller's transaction when given one). */
export async function enqueueMail(db: Db, mail: QueuedMail): Promise<void> {
  await db.insert(mailQueue).values(mail);
}

export interface MailQueueOptions {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  log: FastifyBaseLogger;
  /** Messages allowed per rolling 24 hours, shared with every other sender (docs/product.md §10.6). */
  dailyLimit: number;
  /** The site's name, for the digest's subject. */
  siteName: string;
  /** The site's public base URL (no trailing slash): the digest links the spam list (decision 057). */
  adminUrl?: string;
  /** The sender address, whose domain ends every Message-ID. */
  fromAddress?: string;
  /** Retry delay after the n-th failed attempt (ms). */
  backoff?: (attempt: number) => number;
  /**
   * Rows left `sending` count as abandoned after this long. PGlite: 0, every such row belongs to
   * a process that is gone (the data folder is locked to one process).
   */
  staleSendingMs?: number;
  now?: () => Date;
}

type Row = typeof mailQueue.$inferSelect;

export class MailQueueWorker {
  private readonly loop: WorkerLoop;
  private readonly now: () => Date;
  private readonly backoff: (attempt: number) => number;
  private soon: NodeJS.Timeout | undefined;
  /**
   * Until when (ms since the epoch) waiting lead notifications are known to wait for the next
   * digest (a 'wait' decision and {@link leadWaitEnds}): passes before then skip the lead queries.
   */
  private leadsWaitUntil = 0;
  /** Ids claimed by this worker whose outcome could not be written (the database went away). */
  private readonly unsettled = new Set<number>();

  constructor(private readonly o: MailQueueOptions) {
    this.now = o.now ?? (() => new Date());
    this.backoff = o.backoff ?? defaultBackoff;
    this.loop = new WorkerLoop({
      name: 'mail queue',
      log: o.log,
      pass: (signal) => this.runOnce(signal),
      minSpacingMs: PASS_SPACING_MS,
    });
  }

  /** Recovers rows a dead process left `sending`, then polls every `intervalMs`. */
  start(intervalMs = 10_000): void {
    void this.loop
      .exclusive(() => this.recoverStale(this.o.staleSendingMs ?? STALE_SENDING_MS))
      .catch((err) => this.o.log.error({ err }, 'mail queue recovery failed'));
    this.loop.start(intervalMs);
  }

  /** Resolves once the passes started or queued so far (a message in the provider's hands among them) have ended. */
  idle(): Promise<void> {
    return this.loop.exclusive(async () => {});
  }

  /** Asks for a pass soon (after an enqueue); nudges coalesce, so one per lead is fine. */
  nudge(): void {
    this.loop.nudge();
  }

  /**
   * Asks for a pass within {@link LEAD_NUDGE_DELAY_MS}: the contact route's nudge (decision
   * 027). A flood of leads then costs at most two passes a second instead of four, and a
   * lead's request does no more than check a timer.
   */
  nudgeSoon(): void {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      this.loop.nudge();
    }, LEAD_NUDGE_DELAY_MS);
    this.soon.unref();
  }

  /**
   * Stops polling; the pass under way hands back what it claimed but has not sent yet and ends
   * after the message in the provider's hands. Waits at most `deadlineMs`.
   */
  stop(deadlineMs = 5000): Promise<boolean> {
    clearTimeout(this.soon);
    return this.loop.stop(deadlineMs);
  }

  /** Sends every due message until nothing is due or `signal` aborts; returns how many were handled. */
  async runOnce(signal?: AbortSignal): Promise<number> {
    await this.recoverStale(STALE_SENDING_MS);
    await this.settleUnsettled();
    let handled = 0;
    while (!signal?.aborted) {
      const claimed = await this.claim(this.now());
      if (claimed.length === 0) break;
      for (const [i, row] of claimed.entries()) {
        if (signal?.aborted) {
          await this.release(claimed.slice(i));
          return handled;
        }
        try {
          await this.deliver(row);
        } catch (error) {
          for (const r of claimed.slice(i)) this.unsettled.add(r.id);
          throw error;
        }
        handled++;
      }
    }
    return handled;
  }

  /**
   * Rows this worker claimed when the database went away, left `sending` (decision 032): back to
   * `pending` on the first pass that reaches the database again, rather than after the ten-minute
   * stale recovery meant for a dead process. One whose send went through before its `sent` mark
   * failed goes out again (at-least-once, as after a crash).
   */
  private async settleUnsettled() {
    if (this.unsettled.size === 0) return;
    await this.o.db
      .update(mailQueue)
      .set({ status: 'pending', updatedAt: this.now() })
      .where(and(eq(mailQueue.status, 'sending'), inArray(mailQueue.id, [...this.unsettled])));
    this.unsettled.clear();
  }

  private async recoverStale(afterMs: number) {
    await this.o.db
      .update(mailQueue)
      .set({ status: 'pending' })
      .where(
        and(
          eq(mailQueue.status, 'sending'),
          lt(mailQueue.updatedAt, new Date(this.now().getTime() - afterMs + 1)),
        ),
      );
  }

  /** Claimed rows not handed to the provider go back to `pending`, that attempt not counted. */
  private async release(rows: Row[]) {
    await this.o.db
      .update(mailQueue)
      .set({ status: 'pending', attempts: sql`${mailQueue.attempts} - 1` })
      .where(
        and(
          eq(mailQueue.status, 'sending'),
          inArray(
            mailQueue.id,
            rows.map((r) => r.id),
          ),
        ),
      );
  }

  /**
   * Claims due messages, no more than the daily cap has room for (the rest wait, pending): other
   * mail first (digest retries), then lead notifications one by one while calm, or a new digest
   * of every waiting lead under a flood.
   */
  private async claim(now: Date): Promise<Row[]> {
    return this.o.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.execute(sql`select pg_advisory_xact_lock(${DAILY_CAP_LOCK_KEY})`);
      const due = and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, now));
      const others = await db
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(and(due, ne(mailQueue.kind, 'lead_notification')))
        .orderBy(mailQueue.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const leads =
        now.getTime() < this.leadsWaitUntil
          ? []
          : await db
              .select({ id: mailQueue.id })
              .from(mailQueue)
              .where(and(due, eq(mailQueue.kind, 'lead_notification')))
              .orderBy(mailQueue.id)
              .limit(HANDFUL + 1)
              .for('update', { skipLocked: true });
      // The cap is counted only when something is due: an idle poll stays two cheap queries.
      if (others.length === 0 && leads.length === 0) return [];
      let decision: LeadMailDecision = 'none';
      if (leads.length > 0) {
        const history = await leadMailHistory(db, leads.length, now);
        decision = decideLeadMail(history, now);
        if (decision === 'wait') this.leadsWaitUntil = leadWaitEnds(history).getTime();
      }
      if (others.length === 0 && (decision === 'none' || decision === 'wait')) return [];
      let room = await remainingToday(db, this.o.dailyLimit, now);
      const ids = others.slice(0, Math.max(0, room)).map((r) => r.id);
      room -= ids.length;
      if (room > 0 && decision === 'individual') ids.push(...leads.slice(0, room).map((r) => r.id));
      if (room > 0 && decision === 'digest') ids.push(await foldLeadsIntoDigest(db, now, this.o));
      if (ids.length === 0) return [];
      return db
        .update(mailQueue)
        .set({ status: 'sending', attempts: sql`${mailQueue.attempts} + 1`, updatedAt: now })
        .where(inArray(mailQueue.id, ids))
        .returning();
    });
  }

  private async deliver(row: Row) {
    try {
      // Chosen and stored before the first attempt, so every retry sends the same id (decision 023).
      if (!row.messageId) {
        row.messageId = newMessageId(this.o.fromAddress ?? 'localhost');
        // updatedAt on the queue's own clock: stale 'sending' rows are judged by it (recoverStale).
        await this.o.db
          .update(mailQueue)
          .set({ messageId: row.messageId, updatedAt: this.now() })
          .where(eq(mailQueue.id, row.id));
      }
      const sent = await this.o.mailer.send({
        to: { address: row.toAddress },
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        html: row.html,
        text: row.text ?? undefined,
        messageId: row.messageId ?? undefined,
      });
      // An erasure that committed during the hand-over cancelled the row, and may have cleaned the
      // outbox before this copy was written; one that commits later finds the copy itself.
      const [current] = await this.o.db
        .select({ lastError: mailQueue.lastError })
        .from(mailQueue)
        .where(eq(mailQueue.id, row.id));
      if (current?.lastError === ERASED_MAIL_ERROR) await removeOutboxCopy(sent);
      await this.o.db
        .update(mailQueue)
        .set({ status: 'sent', sentAt: this.now(), lastError: null, updatedAt: this.now() })
        .where(eq(mailQueue.id, row.id));
    } catch (error) {
      // Not the message's fault, and its text would be the failed statement: the loop pauses.
      if (isDatabaseUnavailable(error)) throw error;
      const message = (error as Error).message;
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      this.o.log.warn(
        { id: row.id, attempts: row.attempts, err: message },
        giveUp ? 'mail failed for good' : 'mail failed; will retry',
      );
      await this.o.db
        .update(mailQueue)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(this.now().getTime() + this.backoff(row.attempts)),
          updatedAt: this.now(),
        })
        .where(eq(mailQueue.id, row.id));
    }
  }
}
