import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema } from '../../../shared/auth.ts';
import { createSession, deleteSession, SESSION_COOKIE } from '../../auth/sessions.ts';
import { verifyAdmin } from '../../auth/verify-admin.ts';
import { HttpError } from '../../http-error.ts';

const errorSchema = z.object({ error: z.string(), details: z.unknown().optional() });

/**
 * Sign-in, sign-out and the admin check (spec §7). Sign-in attempts are rate limited per client
 * address (`LOGIN_RATE_LIMIT` per 15 minutes); a new session token is issued at every sign-in and
 * the previous one of this browser is ended (rotation).
 */
export async function adminAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/login',
    {
      config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '15 minutes' } },
      schema: { body: loginSchema, response: { 200: z.object({ ok: z.literal(true) }), '4xx': errorSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      if (!verifyAdmin(app.config.admin, username, password)) {
        request.log.warn('admin sign-in failed');
        throw new HttpError(401, 'Invalid credentials');
      }
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(app.db, previous);
      const session = await createSession(app.db, request.headers['user-agent']);
      request.log.info('admin signed in');
      return reply.setSessionCookie(session.token, session.expiresAt).send({ ok: true });
    },
  );

  r.post('/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.db, token);
    return reply.clearSessionCookie().code(204).send();
  });

  r.get(
    '/check',
    { schema: { response: { 200: z.object({ isAdmin: z.boolean(), demoMode: z.boolean() }) } } },
    async (request) => ({ isAdmin: (await request.adminSession()) !== null, demoMode: app.config.demoMode }),
  );
}
