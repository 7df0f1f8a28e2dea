import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authEndpoints as api } from '../../../shared/api/auth.ts';
import { createChallenge, factorSummary } from '../../auth/second-factor.ts';
import { createSession, deleteSession, SESSION_COOKIE } from '../../auth/sessions.ts';
import { recordEvent } from '../../auth/sign-in-events.ts';
import { verifyAdmin } from '../../auth/verify-admin.ts';
import { HttpError } from '../../http-error.ts';
import { serveEndpoint } from '../serve-endpoint.ts';
import { originOf, recordSignIn, setPendingCookie, signInRateLimit } from './security-login.ts';

/**
 * Sign-in, sign-out and the admin check (docs/product.md §4). Sign-in attempts are rate limited per client
 * address (`LOGIN_RATE_LIMIT` per 15 minutes); a new session token is issued at every sign-in and
 * the previous one of this browser is ended (rotation). Once a second factor exists (decision 024), a
 * right password only opens the second step: no session, a 5-minute pending state in the
 * `sid_pending` cookie, and `secondFactor` says which factors may finish it.
 */
export async function adminAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serveEndpoint(r, api.login),
    config: { rateLimit: signInRateLimit(app) },
    handler: async (request, reply) => {
      const { username, password } = request.body;
      if (!verifyAdmin(app.config.admin, username, password)) {
        await recordEvent(app.db, originOf(request), 'failed', 'password');
        request.log.warn('admin sign-in failed');
        throw new HttpError(401, 'Invalid credentials');
      }
      const factors = await factorSummary(app.db);
      if (factors.passkeys > 0 || factors.totp) {
        const pending = await createChallenge(app.db, { purpose: 'second-step', withToken: true });
        request.log.info('admin password accepted, second step pending');
        return setPendingCookie(reply, pending.token!, pending.expiresAt).send({
          ok: true,
          secondFactor: { passkey: factors.passkeys > 0, totp: factors.totp },
        });
      }
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(app.db, previous);
      const session = await createSession(app.db, request.headers['user-agent'], undefined, null, request.ip);
      await recordSignIn(app, request, 'password');
      request.log.info('admin signed in');
      return reply.setSessionCookie(session.token, session.expiresAt).send({ ok: true });
    },
  });

  r.route({
    ...serveEndpoint(r, api.logout),
    handler: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(app.db, token);
      return reply.clearSessionCookie().code(204).send();
    },
  });

  r.route({
    ...serveEndpoint(r, api.getAdminCheck),
    handler: async (request) => ({
      isAdmin: (await request.adminSession()) !== null,
      demoMode: app.config.demoMode,
    }),
  });
}
