import type { FastifyServerOptions } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AppConfig } from './config.ts';
import type { Pages } from './web/load-pages.ts';
import type { Resolve } from './webhooks/address-check.ts';

/** What `buildApp` (app.ts) takes: the configuration, the database, the pages and test knobs. */
export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Rendered front-end pages, or null to serve the API only (API tests). */
  pages: Pages | null;
  logger?: FastifyServerOptions['logger'];
  /** How often visit counts are written to the database (ms). */
  visitFlushMs?: number;
  /** How often the mail queue is polled (ms); it is also nudged after each enqueue. */
  mailQueuePollMs?: number;
  /** Retry delay after the n-th failed attempt of a queued message (ms). */
  mailBackoff?: (attempt: number) => number;
  /** How often the campaign worker looks for pending recipients (ms). */
  campaignPollMs?: number;
  /** How often the IMAP mailbox is checked besides IDLE's announcements (ms). */
  imapPollMs?: number;
  /** How often the connected Gmail account's history is read (ms). */
  gmailPollMs?: number;
  /** The clock the daily cap is counted by (tests move it). */
  now?: () => Date;
  /** How often the task reminder checks whether today's is due (ms). */
  reminderPollMs?: number;
  /** How often the embedded database's instance looks for a due 'Publish at' (ms, decision 069). */
  siteSchedulePollMs?: number;
  /**
   * Answer `npm run backup` on a loopback port named in `DATA_DIR/control.json` (embedded
   * database only; main.ts turns it on, tests that need it too).
   */
  backupControl?: boolean;
  /** Daily backup timing (tests): how often it looks (ms) and the age that makes one due (ms). */
  backupCheckMs?: number;
  /** Quiet time after an erasure before the embedded database is scrubbed (tests; scrub-erased.ts). */
  scrubDelayMs?: number;
  /** Largest table the erasure scrub always rewrites in place (tests; scrub-erased.ts); backups rewrite past it. */
  scrubMaxTableBytes?: number;
  /** Longest predicted rewrite of a larger table the scrub still does (tests; scrub-erased.ts). */
  scrubBudgetMs?: number;
  /**
   * Nice value of a backup's copy and rewrite (defaults 19 and 10; decisions 062, 073). Tests set
   * 0: on a machine busy with other suites, a niced process gets little CPU, and a small backup
   * took minutes (the copy at 19 got about 1/70 of a core beside each busy process).
   */
  backupPriority?: number;
  backupIntervalMs?: number;
  /** A CSV import upload that sends no byte for this long is abandoned with 408 (ms; default 30 s). */
  importIdleMs?: number;
  /** Calls an API token may make per minute (default `TOKEN_CALLS_PER_MINUTE`; tests lower it). */
  tokenCallsPerMinute?: number;
  /** Webhook sending (tests): poll interval (ms), retry waits, attempt timeout (ms), a DNS stand-in. */
  webhookPollMs?: number;
  webhookBackoff?: (attempt: number) => number;
  webhookTimeoutMs?: number;
  webhookResolve?: Resolve;
  /** Push sending (tests): poll interval (ms), retry waits, a DNS stand-in, a trusted CA (PEM). */
  pushPollMs?: number;
  pushBackoff?: (attempt: number) => number;
  pushResolve?: Resolve;
  pushCa?: string;
}
