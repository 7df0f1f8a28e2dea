import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';

/** First and longest wait before a paused worker tries again (ms; doubling in between). */
const PAUSE_FIRST_MS = 500;
const PAUSE_LONGEST_MS = 5000;

/** What a pass is given: `signal.aborted` turns true when the worker stops; check it between steps. */
export type WorkerPass<T> = (signal: AbortSignal) => Promise<T>;

export interface WorkerLoopOptions {
  /** Shown in log lines ("mail queue", "campaign sender"). */
  name: string;
  log: FastifyBaseLogger;
  /** The worker's regular pass (send what is due). */
  pass: WorkerPass<unknown>;
  /**
   * Least time between the end of one regular pass and the start of the next (ms), so a stream of
   * nudges (one per lead in a flood) costs the database a pass now and then, not one per nudge.
   */
  minSpacingMs?: number;
}

/**
 * The polling loop every background worker shares (STYLE.md 'Workers share one polling loop';
 * decision 018): a regular pass every `intervalMs`; `nudge()` asks for one soon and coalesces
 * (however many nudges arrive while a pass runs, at most one pass is pending); `exclusive()` runs
 * another piece of work in between passes, never alongside one; `stop(deadlineMs)` ends polling,
 * aborts the pass under way at its next checkpoint and waits for it no longer than the deadline.
 * Each pass starts from a timer, not from the end of a promise chain, so a busy worker leaves
 * room for requests, I/O and timers (such as the forced exit on shutdown).
 *
 * A pass that fails because the database is away pauses the worker (docs/decisions/032): one log
 * line, nudges ignored, one retry after 0.5 s, 1 s, 2 s … at most 5 s apart, and one line when a
 * pass succeeds again. It neither spins on the outage nor waits a long polling interval after it.
 */
export class WorkerLoop {
  private timer: NodeJS.Timeout | undefined;
  /** Everything run so far, serialised: each pass or exclusive job starts after the previous. */
  private tail: Promise<unknown> = Promise.resolve();
  /** A regular pass is queued and has not started yet (further nudges fold into it). */
  private queued = false;
  private lastPassEnd = 0;
  private readonly abort = new AbortController();
  /** While paused: when the pause began, the current wait, and the timer of the next try. */
  private pausedSince: number | null = null;
  private pauseMs = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly o: WorkerLoopOptions) {}

  get stopping(): boolean {
    return this.abort.signal.aborted;
  }

  /** Polls every `intervalMs` (the timer does not keep the process alive) and runs a pass now. */
  start(intervalMs: number): void {
    this.timer = setInterval(() => this.nudge(), intervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** True while passes fail because the database is away. */
  get paused(): boolean {
    return this.pausedSince !== null;
  }

  /**
   * Asks for a regular pass soon; a no-op when one is already pending, the loop stopped, or it
   * is paused (its own retry timer then decides).
   */
  nudge(): void {
    if (this.retryTimer) return;
    this.run();
  }

  private run(): void {
    if (this.stopping || this.queued) return;
    this.queued = true;
    this.exclusive(async (signal) => {
      const wait = this.lastPassEnd + (this.o.minSpacingMs ?? 0) - Date.now();
      if (wait > 0) await sleep(wait, signal);
      this.queued = false;
      if (signal.aborted) return;
      try {
        await this.o.pass(signal);
        this.resumed();
      } finally {
        this.lastPassEnd = Date.now();
      }
    }).catch((err) => {
      if (isDatabaseUnavailable(err)) this.pause();
      else this.o.log.error({ err }, `${this.o.name} pass failed`);
    });
  }

  private pause(): void {
    if (this.stopping) return;
    if (this.pausedSince === null) {
      this.pausedSince = Date.now();
      this.o.log.warn(`${this.o.name} paused: the database is unavailable`);
    }
    this.pauseMs = this.pauseMs ? Math.min(this.pauseMs * 2, PAUSE_LONGEST_MS) : PAUSE_FIRST_MS;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.run();
    }, this.pauseMs);
    this.retryTimer.unref();
  }

  private resumed(): void {
    if (this.pausedSince === null) return;
    this.o.log.info({ pausedMs: Date.now() - this.pausedSince }, `${this.o.name} resumed`);
    this.pausedSince = null;
    this.pauseMs = 0;
  }

  /**
   * Runs `job` once nothing else of this worker runs, and resolves with its result.
   * @throws whatever `job` throws; after `stop()`, an Error without running it.
   */
  exclusive<T>(job: WorkerPass<T>): Promise<T> {
    if (this.stopping) return Promise.reject(new Error(`${this.o.name} is stopped`));
    const run = this.tail.then(async () => {
      // A macrotask hop before each job: a chain of passes never monopolises the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      return job(this.abort.signal);
    });
    this.tail = run.catch(() => {});
    return run;
  }

  /**
   * Stops polling, aborts the work under way at its next checkpoint and waits for it, at most
   * `deadlineMs`. @returns false when the deadline passed first (the work is abandoned).
   */
  async stop(deadlineMs: number): Promise<boolean> {
    clearInterval(this.timer);
    clearTimeout(this.retryTimer);
    this.abort.abort();
    let timeout: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => {
      timeout = setTimeout(() => resolve(false), deadlineMs);
      timeout.unref();
    });
    const finished = await Promise.race([this.tail.then(() => true as const), deadline]);
    clearTimeout(timeout);
    if (!finished) this.o.log.warn(`${this.o.name}: work still running after ${deadlineMs} ms; abandoned`);
    return finished;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Sends a database outbox (the webhook deliveries, decision 066; the push messages, 071): claims
 * due rows with `claim` and attempts them side by side, batch after batch, until none is due or
 * `signal` aborts. @returns how many rows were attempted.
 */
export async function drainOutbox<T>(
  claim: () => Promise<T[]>,
  attempt: (row: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  let total = 0;
  while (!signal?.aborted) {
    const claimed = await claim();
    if (claimed.length === 0) break;
    total += claimed.length;
    await Promise.all(claimed.map(attempt));
  }
  return total;
}
