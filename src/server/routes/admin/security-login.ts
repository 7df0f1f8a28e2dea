import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { securityEndpoints as api } from '../../../shared/api/security.ts';
import { isNewDevice } from '../../auth/is-new-device.ts';
import { limitSecondFactorAttempt } from '../../auth/limit-second-factor-attempt.ts';
import { passkeyAuthenticationOptions, verifyPasskeyAssertion } from '../../auth/passkey-verification.ts';
import { useRecoveryCode } from '../../auth/recovery-codes.ts';
import {
  consumeChallenge,
  createChallenge,
  findTokenChallenge,
  setChallenge,
} from '../../auth/second-factor.ts';
import { type SecurityNotice, sendSecurityNotice } from '../../auth/send-security-notice.ts';
import { createSession, deleteSession, SESSION_COOKIE } from '../../auth/sessions.ts';
import { type RequestOrigin, recordEvent } from '../../auth/sign-in-events.ts';
import { useTotpCode } from '../../auth/totp.ts';
import { deriveKey } from '../../crypto/secret-box.ts';
import { HttpError } from '../../http-error.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/** Cookie of the pending sign-in state (second step, or a passkey sign-in's challenge). */
export const PENDING_COOKIE = 'sid_pending';
const PENDING_PATH = '/api/admin/login';
const TOTP_KEY_PURPOSE = 'totp-secret';

/** Every step that checks a password or a factor: `LOGIN_RATE_LIMIT` per client address per 15 minutes. */
export const signInRateLimit = (app: FastifyInstance) => ({
  max: app.config.loginRateLimit,
  timeWindow: '15 minutes',
});

/** The request's address (as Fastify resolves it, TRUST_PROXY aware) and user agent. */
export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] };
}

/** Sets the pending-state cookie: HttpOnly, SameSite=Strict, only sent to the sign-in routes. */
export function setPendingCookie(reply: FastifyReply, token: string, expiresAt: Date): FastifyReply {
  return reply.setCookie(PENDING_COOKIE, token, {
    path: PENDING_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.request.protocol === 'https',
    expires: expiresAt,
  });
}

/** The key the TOTP secret is sealed with, derived from APP_SECRET. */
export const totpKey = (app: FastifyInstance) => deriveKey(app.appSecret, TOTP_KEY_PURPOSE);

/** Emails the owner a security notice through the mail queue (decision 036). */
export async function notifyOwner(app: FastifyInstance, request: FastifyRequest, notice: SecurityNotice) {
  await sendSecurityNotice({
    db: app.db,
    to: app.config.mail.notifyEmail,
    siteName: app.config.site.name,
    publicUrl: app.config.publicUrl,
    notice,
    origin: originOf(request),
  });
  app.mailQueue.nudge();
}

/**
 * Records a finished sign-in (`method`: 'password', 'password+totp', …) and, when it comes from a
 * device not seen signing in before, emails the owner (decision 036).
 */
export async function recordSignIn(app: FastifyInstance, request: FastifyRequest, method: string) {
  const newDevice = await isNewDevice({ db: app.db, userAgent: request.headers['user-agent'] });
  await recordEvent(app.db, originOf(request), 'signed-in', method);
  if (newDevice) await notifyOwner(app, request, { kind: 'new-device', method });
}

/**
 * The sign-in steps after the password, and passkey-only sign-in (decision 024). Each is rate
 * limited per address like the password (`LOGIN_RATE_LIMIT` per 15 minutes). The pending state
 * comes from the `sid_pending` cookie (5 minutes, one use); only a finished step creates a
 * session, with a new token (rotation, decision 009). Every success and failure is recorded.
 */
export async function adminSecurityLoginRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = signInRateLimit(app);

  async function finish(request: FastifyRequest, reply: FastifyReply, challengeId: number, method: string) {
    if (!(await consumeChallenge(app.db, challengeId))) throw new HttpError(401, 'Please sign in again.');
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(app.db, previous);
    const now = new Date();
    const session = await createSession(app.db, request.headers['user-agent'], now, now, request.ip);
    await recordSignIn(app, request, method);
    request.log.info({ method }, 'admin signed in');
    reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
    return reply.setSessionCookie(session.token, session.expiresAt).send({ ok: true });
  }

  async function fail(request: FastifyRequest, method: string, message: string): Promise<never> {
    await recordEvent(app.db, originOf(request), 'failed', method);
    request.log.warn({ method }, 'admin second step failed');
    throw new HttpError(401, message);
  }

  /** One proof under the account's lockout (decision 038): 429 once 10 were wrong in 15 minutes. */
  const limited = (verify: () => Promise<boolean>) =>
    limitSecondFactorAttempt({ lockout: app.secondFactorLockout, verify });

  const pendingStep = async (request: FastifyRequest) => {
    const pending = await findTokenChallenge(app.db, request.cookies[PENDING_COOKIE], ['second-step']);
    if (!pending)
      throw new HttpError(401, 'Please sign in with your password first (the step expires after 5 minutes).');
    return pending;
  };

  r.route({
    ...serveEndpoint(r, api.loginWithTotp),
    config: { rateLimit },
    handler: async (request, reply) => {
      const pending = await pendingStep(request);
      const key = totpKey(app);
      if (!(await limited(() => useTotpCode(app.db, key, request.body.code)))) {
        return fail(request, 'password+totp', 'Invalid code');
      }
      return finish(request, reply, pending.id, 'password+totp');
    },
  });

  r.route({
    ...serveEndpoint(r, api.loginWithRecoveryCode),
    config: { rateLimit },
    handler: async (request, reply) => {
      const pending = await pendingStep(request);
      if (!(await limited(() => useRecoveryCode(app.db, request.body.code)))) {
        return fail(request, 'password+recovery-code', 'Invalid recovery code');
      }
      return finish(request, reply, pending.id, 'password+recovery-code');
    },
  });

  r.route({
    ...serveEndpoint(r, api.getPasskeyLoginOptions),
    config: { rateLimit },
    handler: async (request, reply) => {
      const pending = await findTokenChallenge(app.db, request.cookies[PENDING_COOKIE], ['second-step']);
      // After the password a passkey is the second factor; alone it must verify its user (PIN, biometrics).
      const options = await passkeyAuthenticationOptions(
        app,
        pending ? 'preferred' : 'required',
        pending !== null,
      );
      if (pending) {
        await setChallenge(app.db, pending.id, options.challenge);
        return options;
      }
      const created = await createChallenge(app.db, {
        purpose: 'passkey',
        challenge: options.challenge,
        withToken: true,
      });
      setPendingCookie(reply, created.token!, created.expiresAt);
      return options;
    },
  });

  r.route({
    ...serveEndpoint(r, api.loginWithPasskey),
    config: { rateLimit },
    handler: async (request, reply) => {
      const pending = await findTokenChallenge(app.db, request.cookies[PENDING_COOKIE], [
        'second-step',
        'passkey',
      ]);
      if (!pending?.challenge) throw new HttpError(401, 'Start the passkey sign-in again.');
      const method = pending.purpose === 'passkey' ? 'passkey' : 'password+passkey';
      const challenge = pending.challenge;
      const verify = async () =>
        (await verifyPasskeyAssertion(
          app,
          request.body.response as AuthenticationResponseJSON,
          challenge,
          pending.purpose === 'passkey',
        )) !== null;
      // A passkey alone (no password given) is not counted: anyone may start one, and counting it
      // would let a stranger lock the owner's second step. After the password it counts (decision 038).
      const used = pending.purpose === 'passkey' ? await verify() : await limited(verify);
      if (!used) return fail(request, method, 'The passkey was not accepted.');
      return finish(request, reply, pending.id, `${method}`);
    },
  });
}
