import { EventEmitter } from 'node:events';

/**
 * Telling "the database is away" (a restart, a failover, a lost network) from every other
 * database error, and following when it goes and comes back (docs/decisions/032-database-faults.md).
 */

/**
 * SQLSTATE classes and codes that mean the server cannot serve this connection now, not that the
 * statement was wrong (PostgreSQL appendix A, "PostgreSQL Error Codes"): class 08 connection
 * exception; 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting or
 * shutting down), 57P05 idle session timeout; 53300 too many connections.
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);

/** Node socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Messages `pg` and `pg-pool` throw without a code when a connection ends under them or none can
 * be had in time (pg/lib/client.js, pg-pool/index.js).
 */
const PG_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/** Errors thrown by the PostgreSQL driver (client.ts marks them), so a mail relay's ECONNREFUSED never counts. */
const fromDriver = new WeakSet<object>();

/** Marks `error` as thrown by the database driver; returns it. */
export function markDriverError<T>(error: T): T {
  if (error && typeof error === 'object') fromDriver.add(error);
  return error;
}

/**
 * True when `error`, or any error in its `cause` chain (Drizzle wraps the driver's error as
 * `DrizzleQueryError.cause`), says the database is unreachable or going away, so the request may
 * be answered 503 and a worker may pause. A statement's own fault (a constraint, bad SQL) is false.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    // A server's answer (pg's DatabaseError carries a SQLSTATE and a severity).
    if (typeof code === 'string' && 'severity' in e && (UNAVAILABLE_CODES.has(code) || code.startsWith('08')))
      return true;
    if (fromDriver.has(e)) {
      if (typeof code === 'string' && SOCKET_CODES.has(code)) return true;
      if (typeof message === 'string' && PG_MESSAGES.some((m) => message.includes(m))) return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The error code or short reason to log for an unavailable database (never the failed query). */
export function unavailableReason(error: unknown): string {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && code) return code;
    if (typeof message === 'string' && PG_MESSAGES.some((m) => message.includes(m)))
      return PG_MESSAGES.find((m) => message.includes(m))!;
    e = (e as { cause?: unknown }).cause;
  }
  return 'unknown';
}

/**
 * Whether the database is reachable, as the last connection attempt or statement found it:
 * emits `down` (with the reason) once when it goes away and `up` (with the outage's length in ms)
 * once when a connection succeeds again, so the app logs one line each way, not one per request.
 */
export class DatabaseAvailability extends EventEmitter<{ down: [reason: string]; up: [outageMs: number] }> {
  private downSince: number | null = null;

  get available(): boolean {
    return this.downSince === null;
  }

  /** Records a failure; only an unavailable-database error counts. */
  failed(error: unknown): void {
    if (this.downSince !== null || !isDatabaseUnavailable(error)) return;
    this.downSince = Date.now();
    this.emit('down', unavailableReason(error));
  }

  /** Records a successful connection or statement. */
  succeeded(): void {
    if (this.downSince === null) return;
    const outage = Date.now() - this.downSince;
    this.downSince = null;
    this.emit('up', outage);
  }
}
