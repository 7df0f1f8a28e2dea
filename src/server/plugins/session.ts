import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { findApiToken, type TokenRecord } from '../auth/api-tokens.ts';
import { findSession, SESSION_COOKIE, type SessionRecord } from '../auth/sessions.ts';
import { DomainError } from '../domain-error.ts';
import { HttpError } from '../http-error.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { documentResponses } from './api-contract.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin session of this request, loaded once on first use (null: signed out). */
    adminSession(): Promise<SessionRecord | null>;
    /** The API token of an `Authorization: Bearer` request, once checked (null: none or not live). */
    apiToken(): Promise<TokenRecord | null>;
  }
  interface FastifyReply {
    setSessionCookie(token: string, expiresAt: Date): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

const loaded = new WeakMap<FastifyRequest, Promise<SessionRecord | null>>();
const loadedTokens = new WeakMap<FastifyRequest, Promise<TokenRecord | null>>();

/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750 §2.1; the scheme is
 * case-insensitive), '' for a Bearer header without one, undefined when the request has no Bearer
 * header. A request that carries one is authenticated by it alone: its cookie is ignored
 * (decision 065), which is why it needs no CSRF check.
 */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^bearer(?:\s+(.*))?$/is.exec(header.trim());
  return match ? (match[1] ?? '').trim() : undefined;
}

/**
 * Session cookies (decision 009): `HttpOnly; SameSite=Lax; Path=/`, `Secure` when the
 * request came over TLS (directly or, with TRUST_PROXY, through a proxy).
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);

  app.decorateRequest('adminSession', function (this: FastifyRequest) {
    let pending = loaded.get(this);
    if (!pending) {
      // A Bearer request is the token's alone (decision 065): no cookie authority rides along.
      const token = bearerToken(this) === undefined ? this.cookies[SESSION_COOKIE] : undefined;
      pending = token ? findSession(app.db, token) : Promise.resolve(null);
      loaded.set(this, pending);
    }
    return pending;
  });

  app.decorateRequest('apiToken', function (this: FastifyRequest) {
    let pending = loadedTokens.get(this);
    if (!pending) {
      const token = bearerToken(this);
      pending = token ? findApiToken(app.db, token) : Promise.resolve(null);
      loadedTokens.set(this, pending);
    }
    return pending;
  });

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string, expiresAt: Date) {
    return this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.request.protocol === 'https',
      expires: expiresAt,
    });
  });

  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});

/**
 * `onRequest` hook for admin routes an API token may not call (the vault, sign-in security, the
 * tokens themselves; decision 065): 403 with a Bearer header, 401 `{ error }` unless the request
 * has a live session.
 */
export async function requireAdmin(request: FastifyRequest) {
  if (bearerToken(request) !== undefined)
    throw new HttpError(403, 'An API token cannot make this call: sign in to the admin.');
  if (!(await request.adminSession())) throw new HttpError(401, 'Please sign in.');
}

/** Methods a 'read' token may call. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** How an admin route group lets API tokens in (decision 065). */
export interface TokenAccess {
  /** Calls per token per `TOKEN_RATE_WINDOW_S`, shared by every instance with DATABASE_URL. */
  limiter: RateLimiterAbstract;
  metrics: AppMetrics;
}

/**
 * `onRequest` hook for admin routes a token may call: with a Bearer header, a live token (401
 * otherwise), of scope 'write' unless the method only reads (403), within its rate (429, counted
 * per token across instances); without one, a live session (401).
 */
function requireAdminOrToken(access: TokenAccess) {
  return async (request: FastifyRequest) => {
    if (bearerToken(request) === undefined) return requireAdmin(request);
    const token = await request.apiToken();
    if (!token) {
      access.metrics.countTokenRequest('invalid');
      throw new HttpError(401, 'The API token is not valid: it is unknown, revoked or expired.');
    }
    if (token.scope === 'read' && !READ_METHODS.has(request.method)) {
      access.metrics.countTokenRequest('refused');
      throw new HttpError(403, 'This API token may only read (GET).');
    }
    try {
      await access.limiter.consume(String(token.id));
    } catch (error) {
      if (error instanceof Error) throw error;
      access.metrics.countTokenRequest('rate_limited');
      const ms = (error as { msBeforeNext?: number }).msBeforeNext ?? 1000;
      const retryAfterSeconds = Math.max(1, Math.ceil(ms / 1000));
      throw new DomainError(
        'too-many',
        `Too many calls with this token: try again in ${retryAfterSeconds} s.`,
        {
          retryAfterSeconds,
        },
      );
    }
    access.metrics.countTokenRequest('accepted');
  };
}

/**
 * Puts every route later registered on `instance` behind the admin session (401 when signed out)
 * and says so in the API document: security `session` and the 401 answer.
 */
export function guardWithSession(instance: FastifyInstance) {
  instance.addHook('onRequest', requireAdmin);
  instance.addHook('onRoute', (route) =>
    documentResponses(
      route,
      {
        401: 'Not signed in: sign in with POST /api/admin/login.',
        403: 'Refused: an API token cannot make this call (or a cross-site request).',
      },
      { security: [{ session: [] }] },
    ),
  );
}

/**
 * Like `guardWithSession`, but an API token may call the routes too (decision 065): the document
 * names both schemes, and the 403 and 429 a token can meet.
 */
export function guardWithSessionOrToken(instance: FastifyInstance, access: TokenAccess) {
  instance.addHook('onRequest', requireAdminOrToken(access));
  instance.addHook('onRoute', (route) =>
    documentResponses(
      route,
      {
        401: 'Not signed in (POST /api/admin/login), or the API token is unknown, revoked or expired.',
        403: "Refused: a 'read' API token on a call that changes data, or a cross-site request.",
        429: 'Too many calls with this API token: wait for the Retry-After header.',
      },
      { security: [{ session: [] }, { bearer: [] }] },
    ),
  );
}
