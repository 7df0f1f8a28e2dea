import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { WorkerLoop } from '../../worker-loop.ts';
import {
  INSTANCE_ID,
  type MailboxSyncRow,
  recordFailure,
  recordSuccess,
  releaseLease,
  syncRow,
  takeLease,
} from './mailbox-sync.ts';

/** What a reply source (IMAP, the Gmail API) brings to the shared polling skeleton. */
export interface MailboxSource {
  /** Names it in logs and the WorkerLoop, e.g. 'imap'. */
  name: string;
  /** The mailbox's sync-table name for this pass, or null when there is nothing to read now. */
  mailbox(): Promise<string | null>;
  /** Imports what is new since `row`'s position. @returns messages stored. */
  importNew(mailbox: string, row: MailboxSyncRow, signal?: AbortSignal): Promise<number>;
  /**
   * The error's text for the setup page and the log: never a password, a URL with one, or a
   * failed query's parameters (the mail's content).
   */
  describeError(error: unknown): string;
  /** Drops what the source keeps open between passes (a connection); called when it stops reading. */
  release?(): Promise<void>;
}

export interface MailboxPollerOptions {
  db: Db;
  log: FastifyBaseLogger;
  source: MailboxSource;
  /** Regular pass interval (ms); `nudge()` starts a pass at once. */
  pollMs?: number;
  /** Lease length (ms); renewed on every pass. Default: three intervals, at least a minute. */
  leaseMs?: number;
  /** Lease holder id (tests run two "instances" in one process). */
  instanceId?: string;
  now?: () => Date;
}

/**
 * The polling skeleton both reply readers share (decision 023): a WorkerLoop pass every `pollMs`;
 * a pass is skipped while the mailbox backs off after failures or while another instance holds
 * its lease (`mailbox_sync`); otherwise the source imports what is new and the result (success,
 * or the failure's safe text and the next attempt) is recorded for the setup page.
 */
export class MailboxPoller {
  private readonly loop: WorkerLoop;
  private readonly owner: string;
  private readonly now: () => Date;
  /** The mailbox of the last pass that held the lease, to give the lease back on stop. */
  private leased: string | null = null;

  constructor(private readonly o: MailboxPollerOptions) {
    this.owner = o.instanceId ?? INSTANCE_ID;
    this.now = o.now ?? (() => new Date());
    this.loop = new WorkerLoop({
      name: `${o.source.name} import`,
      log: o.log,
      pass: (signal) => this.runOnce(signal),
    });
  }

  start(): void {
    this.loop.start(this.o.pollMs ?? 30_000);
  }

  /** Starts a pass soon (new mail announced, more than one batch waiting, a new connection). */
  nudge(): void {
    this.loop.nudge();
  }

  /** Stops polling, lets the source release what it holds and gives up the lease. Waits at most `deadlineMs`. */
  async stop(deadlineMs = 5000): Promise<boolean> {
    const finished = await this.loop.stop(deadlineMs);
    await this.o.source.release?.().catch(() => {});
    if (this.leased) await releaseLease(this.o.db, this.leased, this.owner).catch(() => {});
    return finished;
  }

  /** One pass (see the class comment). @returns messages stored by it. */
  async runOnce(signal?: AbortSignal): Promise<number> {
    const { db, source } = this.o;
    const mailbox = await source.mailbox();
    if (!mailbox) return 0;
    const now = this.now();
    const row = await syncRow(db, mailbox);
    if (row.nextAttemptAt && row.nextAttemptAt > now) return 0;
    const leaseMs = this.o.leaseMs ?? Math.max(3 * (this.o.pollMs ?? 30_000), 60_000);
    if (!(await takeLease(db, mailbox, this.owner, leaseMs, now))) {
      await source.release?.();
      return 0;
    }
    this.leased = mailbox;
    try {
      const stored = await source.importNew(mailbox, row, signal);
      await recordSuccess(db, mailbox, this.now());
      return stored;
    } catch (error) {
      const message = source.describeError(error);
      const failures = await recordFailure(db, mailbox, message, this.now());
      this.o.log.warn(
        { mailbox, failures, err: message },
        `${source.name} import failed; will retry with backoff`,
      );
      await source.release?.();
      await releaseLease(db, mailbox, this.owner);
      this.leased = null;
      return 0;
    }
  }
}

/**
 * A reply reader (IMAP, Gmail): its source's work, driven by the `MailboxPoller` it builds in its
 * constructor, which `start`, `nudge`, `stop` and `runOnce` pass on to.
 */
export abstract class MailboxReader {
  protected abstract readonly poller: MailboxPoller;

  start(): void {
    this.poller.start();
  }

  /** Starts a pass soon (new mail announced, more than one batch waiting, a new connection). */
  nudge(): void {
    this.poller.nudge();
  }

  /** Stops polling, lets the source release what it holds and gives up the lease. Waits at most `deadlineMs`. */
  stop(deadlineMs = 5000): Promise<boolean> {
    return this.poller.stop(deadlineMs);
  }

  /**
   * One pass: skipped while backing off or while another instance holds the lease; else the
   * source imports what is new and the result is recorded. @returns messages stored by it.
   */
  runOnce(signal?: AbortSignal): Promise<number> {
    return this.poller.runOnce(signal);
  }
}
