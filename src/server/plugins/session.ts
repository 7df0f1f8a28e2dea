import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSession, SESSION_COOKIE, type SessionRecord } from '../auth/sessions.ts';
import { HttpError } from '../http-error.ts';
import { documentResponses } from './api-contract.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin session of this request, loaded once on first use (null: signed out). */
    adminSession(): Promise<SessionRecord | null>;
  }
  interface FastifyReply {
    setSessionCookie(token: string, expiresAt: Date): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

const loaded = new WeakMap<FastifyRequest, Promise<SessionRecord | null>>();

/**
 * Session cookies (decision 009): `HttpOnly; SameSite=Lax; Path=/`, `Secure` when the
 * request came over TLS (directly or, with TRUST_PROXY, through a proxy).
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(cookie);

  app.decorateRequest('adminSession', function (this: FastifyRequest) {
    let pending = loaded.get(this);
    if (!pending) {
      const token = this.cookies[SESSION_COOKIE];
      pending = token ? findSession(app.db, token) : Promise.resolve(null);
      loaded.set(this, pending);
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

/** `onRequest` hook for admin routes: 401 `{ error }` unless the request has a live session. */
export async function requireAdmin(request: FastifyRequest) {
  if (!(await request.adminSession())) throw new HttpError(401, 'Please sign in.');
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
      { 401: 'Not signed in: sign in with POST /api/admin/login.' },
      { security: [{ session: [] }] },
    ),
  );
}
