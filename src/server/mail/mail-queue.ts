import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailQueue } from '../../db/schema/index.ts';
import type { Mailer } from './create-mailer.ts';
import { DAILY_CAP_LOCK_KEY, remainingToday } from './mail-usage.ts';

/**
 * The durable queue for mail that must not be lost but need not go out in the request (lead
 * notifications): rows in `mail_queue`, written in the same transaction as the thing they announce,
 * sent by a worker in every instance. Rows are claimed with `FOR UPDATE SKIP LOCKED`, so two
 * instances never take the same row. Failures are retried with exponential backoff; a row left
 * `sending` by a crashed process is retried after `STALE_SENDING_MS` (at-least-once delivery).
 * At the daily cap (shared with campaigns and single emails) due rows wait until the window frees.
 */

export type QueuedMail = Pick<typeof mailQueue.$inferInsert, 'kind' | 'toAddress' | 'subject' | 'html'>;

export const MAX_ATTEMPTS = 12;
const STALE_SENDING_MS = 10 * 60 * 1000;
const BATCH = 20;

/** Default backoff: 30 s, 1 min, 2 min, … capped at 1 hour (ms after the `attempt`-th failure). */
export const defaultBackoff = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

/** Adds a message to the queue (inside the caller's transaction when given one). */
export async function enqueueMail(db: Db, mail: QueuedMail): Promise<void> {
  await db.insert(mailQueue).values(mail);
}

export class MailQueueWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    /** Messages allowed per rolling 24 hours, shared with every other sender (DESIGN §3). */
    private readonly dailyLimit: number,
    private readonly backoff: (attempt: number) => number = defaultBackoff,
  ) {}

  /** Polls every `intervalMs`; `nudge()` runs a pass at once (after an enqueue). */
  start(intervalMs = 10_000): void {
    this.timer = setInterval(() => this.nudge(), intervalMs);
    this.timer.unref();
    this.nudge();
  }

  nudge(): void {
    if (this.stopped) return;
    this.running = this.running
      .then(async () => {
        await this.runOnce();
      })
      .catch((err) => this.log.error({ err }, 'mail queue pass failed'));
  }

  /** Waits for the pass under way and stops polling. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends every due message; returns how many were handled. */
  async runOnce(now = new Date()): Promise<number> {
    await this.db
      .update(mailQueue)
      .set({ status: 'pending' })
      .where(
        and(
          eq(mailQueue.status, 'sending'),
          lt(mailQueue.updatedAt, new Date(now.getTime() - STALE_SENDING_MS)),
        ),
      );
    let handled = 0;
    for (;;) {
      const claimed = await this.claim(now);
      if (claimed.length === 0) return handled;
      for (const row of claimed) await this.deliver(row, now);
      handled += claimed.length;
    }
  }

  /** Claims due messages, no more than the daily cap has room for (the rest wait, pending). */
  private async claim(now: Date) {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DAILY_CAP_LOCK_KEY})`);
      const locked = await tx
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(and(eq(mailQueue.status, 'pending'), lt(mailQueue.nextAttemptAt, new Date(now.getTime() + 1))))
        .orderBy(mailQueue.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      // The cap is counted only when something is due: an idle poll stays one cheap query.
      if (locked.length === 0) return [];
      const due = locked.slice(
        0,
        Math.max(0, await remainingToday(tx as unknown as Db, this.dailyLimit, now)),
      );
      if (due.length === 0) return [];
      return tx
        .update(mailQueue)
        .set({ status: 'sending', attempts: sql`${mailQueue.attempts} + 1` })
        .where(
          sql`${mailQueue.id} in (${sql.join(
            due.map((d) => sql`${d.id}`),
            sql`, `,
          )})`,
        )
        .returning();
    });
  }

  private async deliver(row: typeof mailQueue.$inferSelect, now: Date) {
    try {
      await this.mailer.send({ to: { address: row.toAddress }, subject: row.subject, html: row.html });
      await this.db
        .update(mailQueue)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(mailQueue.id, row.id));
    } catch (error) {
      const message = (error as Error).message;
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      this.log.warn(
        { id: row.id, attempts: row.attempts, err: message },
        giveUp ? 'mail failed for good' : 'mail failed; will retry',
      );
      await this.db
        .update(mailQueue)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(now.getTime() + this.backoff(row.attempts)),
        })
        .where(eq(mailQueue.id, row.id));
    }
  }
}
