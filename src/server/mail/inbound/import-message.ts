import type { Db } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/database-unavailable.ts';
import { inboundSkipped } from '../../../db/schema/index.ts';
import { type IngestContext, type IngestOutcome, ingestRawMessage } from './ingest-message.ts';

/**
 * One fetched message through the import, for both readers (IMAP and Gmail), such that no single
 * message can stop the import (docs/decisions/033): a message that cannot be read or stored is
 * recorded in `inbound_skipped` with a reason of our own words, and the caller moves past it.
 * Only a database that is away (connection lost, shutting down, out of resources) or a conflict
 * worth retrying fails the pass instead: then nothing is skipped, the position is not advanced and
 * the pass is retried with backoff.
 */

export type ImportOutcome = IngestOutcome | { kind: 'skipped'; reason: string };

export interface ImportTarget {
  /** `mailbox_sync.mailbox` of the mailbox read. */
  mailbox: string;
  /** Where the message sits in it (`<uidvalidity>/<uid>`, or Gmail's message id). */
  position: string;
}

/**
 * Imports `raw` or records it as skipped.
 * @throws only what {@link isTransientError} accepts (the pass is retried).
 */
export async function importMessage(
  ctx: IngestContext,
  target: ImportTarget,
  raw: Buffer,
): Promise<ImportOutcome> {
  let outcome: IngestOutcome;
  try {
    outcome = await ingestRawMessage(ctx, raw);
  } catch (error) {
    if (isTransientError(error)) throw error;
    outcome = { kind: 'unreadable', reason: refusalReason(error) };
  }
  if (outcome.kind !== 'unreadable') return outcome;
  await recordSkipped(ctx.db, target, outcome.reason, raw.length);
  return { kind: 'skipped', reason: outcome.reason };
}

/** Records a skipped message once per position (a re-scan finds it again). */
export async function recordSkipped(db: Db, target: ImportTarget, reason: string, size: number) {
  await db
    .insert(inboundSkipped)
    .values({ mailbox: target.mailbox, position: target.position, reason: reason.slice(0, 200), size })
    .onConflictDoNothing({ target: [inboundSkipped.mailbox, inboundSkipped.position] });
}

/** SQLSTATE classes of a database that is away or busy, not of a message it refuses. */
const TRANSIENT_SQLSTATE = /^(08|53|57P0|40001|40P01)/;
const TRANSIENT_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
/** pg's and PGlite's errors for a connection or database that is gone. */
const DRIVER_GONE = /connection (terminated|closed)|client (was )?closed|not queryable|pglite is closed/i;

/**
 * Whether `error` says the database (or the way to it) is away rather than that it refuses this
 * message: connection exceptions (SQLSTATE class 08), insufficient resources (53), operator
 * intervention (57P01–57P03), serialization failures and deadlocks (40001, 40P01), socket errors,
 * and the drivers' "connection terminated/closed" errors, besides what `isDatabaseUnavailable`
 * (docs/decisions/032-database-faults.md) says. The cause chain is followed (Drizzle wraps the
 * driver's error).
 */
export function isTransientError(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  for (
    let e = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined,
      depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_NODE_CODES.has(code)) return true;
    // A message is read only from driver errors without a SQLSTATE: Drizzle's own error and the
    // server's errors may quote the message being stored.
    const quotes = code !== '' || e.name === 'DrizzleQueryError';
    if (!quotes && typeof e.message === 'string' && DRIVER_GONE.test(e.message)) return true;
  }
  return false;
}

/**
 * Why the database (or our own code) refused a message, without quoting it: a database error is
 * named by its SQLSTATE and constraint, anything else by its type. Never the error's message, which
 * for a failed query carries the parameters (the message's subject and body).
 */
export function refusalReason(error: unknown): string {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint = typeof e.constraint === 'string' ? `, ${e.constraint}` : '';
      return `Refused by the database (SQLSTATE ${e.code}${constraint})`;
    }
  }
  const name = error instanceof Error ? error.name : typeof error;
  return `Could not be imported (${name})`;
}

/**
 * An error's text fit for `last_error` and log lines: a database error is described by
 * {@link refusalReason}, never by its message (a failed query's message lists its parameters).
 */
export function describeDatabaseError(error: unknown): string | null {
  for (
    let e = error as { code?: unknown; cause?: unknown; name?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.name === 'DrizzleQueryError' || (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))) {
      const reason = refusalReason(error);
      return reason
        .replace(/^Refused by the database/, 'Database error')
        .replace(/^Could not be imported/, 'Database error');
    }
  }
  return null;
}
