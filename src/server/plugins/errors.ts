import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { SecondFactorError, type SecondFactorErrorCode } from '../auth/second-factor-error.ts';
import { DomainError, type DomainErrorKind } from '../domain-error.ts';
import { HttpError } from '../http-error.ts';

/**
 * Seconds a client is asked to wait when the database is away: a managed PostgreSQL's restart or
 * failover takes a few (docs/decisions/032-database-faults.md).
 */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * How each sign-in factor refusal is answered (decision 036), in one place. 403 for a missing
 * step-up (the session is fine, the change is not allowed yet) with `details.stepUp` the Security
 * screen reacts to; 400 for a wrong proof (401 would read as "signed out").
 */
const SECOND_FACTOR_ANSWERS: Record<
  SecondFactorErrorCode,
  { status: number; error: string; details?: unknown }
> = {
  'step-up-required': {
    status: 403,
    error:
      'Confirm it is you: enter your password and your second factor again. Sign-in factors change only within 5 minutes of that check.',
    details: { stepUp: true },
  },
  'wrong-password': { status: 400, error: 'Invalid password' },
  'wrong-code': { status: 400, error: 'Invalid code' },
  'passkey-refused': { status: 400, error: 'The passkey was not accepted.' },
  'factor-required': {
    status: 400,
    error: 'Also give a code from your authenticator app, a recovery code, or your passkey.',
  },
  locked: {
    status: 429,
    error: 'Too many wrong codes: the second step of this account is locked for 15 minutes.',
  },
  'totp-exists': { status: 409, error: 'An authenticator app is already set up. Remove it first.' },
};

/** The status of each kind of domain refusal (decision 049), in one place. */
const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
  'upstream-failed': 502,
  corrupt: 500,
};

/** The `{ error }` answer of a sign-in factor refusal. */
export function secondFactorAnswer(err: SecondFactorError) {
  const answer = SECOND_FACTOR_ANSWERS[err.code];
  return {
    status: answer.status,
    body:
      answer.details === undefined
        ? { error: answer.error }
        : { error: answer.error, details: answer.details },
    headers: err.retryAfterSeconds === undefined ? {} : { 'retry-after': String(err.retryAfterSeconds) },
  };
}

/**
 * Every error leaves as `{ "error": "<human message>", "details"?: … }` with the right status
 * (docs/product.md §12.1): 400 names the fields, 413 and 415 say what was wrong with the body,
 * 500 never shows internals; a database that is away answers 503 with `Retry-After` (decision
 * 032). Unknown `/api` paths answer a JSON 404.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'body';
        const list = fieldErrors[field] ?? [];
        list.push(issue.message ?? 'Invalid value');
        fieldErrors[field] = list;
      }
      const first = err.validation[0];
      const message = first?.message ?? 'Invalid request';
      return reply.code(400).send({ error: message, details: { fieldErrors } });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    if (err instanceof SecondFactorError) {
      const answer = secondFactorAnswer(err);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    if (err instanceof DomainError) {
      const { retryAfterSeconds, details } = err.extra;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return reply
        .code(DOMAIN_ERROR_STATUS[err.kind])
        .send(details === undefined ? { error: err.message } : { error: err.message, details });
    }
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send(
          err.details === undefined ? { error: err.message } : { error: err.message, details: err.details },
        );
    }
    if (isDatabaseUnavailable(err)) {
      // The outage itself is logged once (app.ts); never the failed statement (a lead's message).
      request.log.debug('database unavailable: answered 503');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ error: 'The service is briefly unavailable. Please try again in a few seconds.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(status).send({ error: 'Internal server error' });
    }
    return reply.code(status).send({ error: friendlyMessage(err) });
  });
}

/**
 * The message of an error that is not ours (Fastify's, a plugin's): a fixed text per code or
 * status, never the error's own message, which may quote the request (Fastify's 414 and bad-URL
 * errors repeat the whole path).
 */
function friendlyMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return statusMessage(err.statusCode ?? 400);
  }
}

/** A human message for a bare HTTP status, e.g. 414 → 'The address is too long.'. */
function statusMessage(status: number): string {
  switch (status) {
    case 400:
      return 'The request is not valid.';
    case 404:
      return 'Not found';
    case 405:
      return 'This method is not allowed here.';
    case 408:
      return 'The request took too long to arrive.';
    case 414:
      return 'The address is too long.';
    case 431:
      return 'The request headers are too large.';
    default:
      return http.STATUS_CODES[status] ?? 'The request is not valid.';
  }
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a path parameter over
 * `maxParamLength` → 414, a path that does not decode → 400), answered in the app's `{ error }`
 * shape instead of Fastify's body, which repeats the path.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : err.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  return reply.code(status).send({ error: status === 500 ? 'Internal server error' : statusMessage(status) });
}

/**
 * The HTTP server's `clientError` (a request Node's parser refuses before Fastify sees it: headers
 * over 16 KB → 431, a request that took too long → 408, anything malformed → 400), answered as
 * `{ "error": … }` and the connection closed, as Fastify's default handler does with its own body.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ error: statusMessage(status) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
