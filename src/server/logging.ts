import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The server's log settings: what a log line may carry. Logs go to terminals and
 * log collectors that are less protected than the database, so:
 * - a failed query is logged with its SQL (placeholders only), never its parameters — they are the
 *   lead's personal data or a credential's ciphertext;
 * - errors keep only their type, message, stack, status and database identifiers (SQLSTATE code,
 *   table, column, constraint); driver fields that quote row values (`detail`, `where`, …) are
 *   dropped, and so is every other own field;
 * - request URLs lose the values of `code` and `state` (the OAuth grant on the Google callback) and
 *   `q` (the admin's search text, often a person's name or email), and unsubscribe tokens;
 * - `redact` censors secret-named fields wherever a log call passes them as objects.
 */

export const REDACTED = '[REDACTED]';

/** Query parameters whose values never reach a log line (case-insensitive). */
const SECRET_QUERY_PARAMS = new Set(['code', 'state', 'q']);

/** Error fields that identify what failed without quoting data (pg and PGlite errors, HTTP errors). */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'table', 'column', 'constraint', 'routine'] as const;

/** Object paths pino censors in every log line (fast-redact syntax; `*` is one level). */
const REDACT_PATHS = [
  'password',
  '*.password',
  // IMAP_URL holds the mailbox password (decision 023), and imapflow's options carry it as `auth.pass`.
  'imapUrl',
  '*.imapUrl',
  '*.*.imapUrl',
  'IMAP_URL',
  '*.IMAP_URL',
  'pass',
  '*.pass',
  'auth.pass',
  '*.auth.pass',
  'refreshToken',
  '*.refreshToken',
  'accessToken',
  '*.accessToken',
  'headers.cookie',
  'headers.authorization',
  'headers["x-credentials-password"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["x-credentials-password"]',
];

/** `url` with the values of secret query parameters and unsubscribe tokens replaced by `[REDACTED]`. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = (mark === -1 ? url : url.slice(0, mark)).replace(
    /^\/unsubscribe\/[^/]+/,
    `/unsubscribe/${REDACTED}`,
  );
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const rawKey = pair.split('=', 1)[0] ?? '';
      return SECRET_QUERY_PARAMS.has(decodeKey(rawKey).toLowerCase()) ? `${rawKey}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

/** The `req` serializer: Fastify's own fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The `err` serializer: see the module comment. Causes are followed three levels deep; a value
 * that is not an Error (some calls log a message string as `err`) is left as it is.
 */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const message =
    err instanceof DrizzleQueryError ? `Failed query: ${err.query}\nparams: ${REDACTED}` : err.message;
  // The stack's first line repeats the message: rebuild it from the frames only.
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SerializedError = {
    // The class says more than `name`: a failed query's is plain 'Error'.
    type: err.constructor?.name || err.name,
    message,
    stack: [`${err.name}: ${message}`, ...frames].join('\n'),
  };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of SAFE_ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (err.cause instanceof Error && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  else if (err.cause !== undefined) out.cause = typeof err.cause;
  return out;
}

export interface LoggerSettings {
  level: string;
  /** Readable lines for a person at a terminal (pino-pretty) instead of JSON. */
  pretty?: boolean;
  /** Where JSON lines go instead of stdout (tests capture them). */
  stream?: NodeJS.WritableStream;
}

/** Fastify `logger` options with the redaction and serializers above. */
export function loggerOptions({
  level,
  pretty = false,
  stream,
}: LoggerSettings): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // Fastify types `err` as always an Error; at run time a log call may pass anything.
    serializers: { req: serializeRequest, err: serializeError as (err: Error) => SerializedError },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
    ...(stream ? { stream } : {}),
  };
}
