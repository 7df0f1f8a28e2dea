import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { securityEndpoints as api } from '../../../shared/api/security.ts';
import { DEMO_ADMIN } from '../../../shared/demo-admin.ts';
import { endOtherSessions } from '../../auth/end-other-sessions.ts';
import { endSession } from '../../auth/end-session.ts';
import { limitSecondFactorAttempt } from '../../auth/limit-second-factor-attempt.ts';
import { listSessions } from '../../auth/list-sessions.ts';
import { passkeyAuthenticationOptions, verifyPasskeyAssertion } from '../../auth/passkey-verification.ts';
import { consumeChallenge, createChallenge, findSessionChallenge } from '../../auth/second-factor.ts';
import { markFactorSeen } from '../../auth/sessions.ts';
import { recordEvent } from '../../auth/sign-in-events.ts';
import { stepUpSession } from '../../auth/step-up-session.ts';
import { useTotpCode } from '../../auth/totp.ts';
import { verifyAdmin } from '../../auth/verify-admin.ts';
import { HttpError } from '../../http-error.ts';
import { serveEndpoint } from '../serve-endpoint.ts';
import { securityGuards } from './security-guards.ts';
import { originOf, signInRateLimit, totpKey } from './security-login.ts';

/**
 * The Security screen's sessions list (decision 036: every signed-in browser, and signing them
 * out, which needs a step-up: decision 061) and the step-up itself (the password and a factor
 * again) that changes of sign-in factors and the vault ask for.
 */
export async function adminSecuritySessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { writable, sessionOf, changingFactors } = securityGuards(app);

  r.route({
    ...serveEndpoint(r, api.listSessions),
    handler: async (request) => {
      const session = await sessionOf(request);
      const list = await listSessions({ db: app.db, currentSessionId: session.id });
      return {
        sessions: list.map((item) => ({
          ...item,
          createdAt: item.createdAt.toISOString(),
          lastSeenAt: item.lastSeenAt.toISOString(),
        })),
      };
    },
  });

  r.route({
    ...serveEndpoint(r, api.endSession),
    handler: async (request, reply) => {
      // Signing the owner's other browsers out is a takeover step for a stolen cookie: step-up.
      const session = await changingFactors(request);
      const result = await endSession({
        db: app.db,
        sessionId: request.params.id,
        currentSessionId: session.id,
      });
      if (result === 'not-found') throw new HttpError(404, 'Session not found');
      if (result === 'current')
        throw new HttpError(409, 'This is the session you are using: use Logout instead.');
      request.log.info('admin session signed out from the sessions list');
      return reply.code(204).send();
    },
  });

  r.route({
    ...serveEndpoint(r, api.endOtherSessions),
    handler: async (request) => {
      // A stolen cookie must not sign the owner out everywhere (decision 061): step-up first.
      const session = await changingFactors(request);
      const ended = await endOtherSessions({ db: app.db, keepSessionId: session.id });
      request.log.info({ ended }, 'admin signed out everywhere else');
      return { ended };
    },
  });

  const rateLimit = signInRateLimit(app);

  // ---- step-up for a change of sign-in factors: the password and a factor again (decision 036) ----

  r.route({
    ...serveEndpoint(r, api.stepUp),
    config: { rateLimit },
    handler: async (request) => {
      writable();
      const session = await sessionOf(request);
      const { password, code, passkey } = request.body;
      const username = app.config.admin?.username ?? DEMO_ADMIN.username;
      await stepUpSession({
        db: app.db,
        totpKey: totpKey(app),
        session,
        passwordMatches: verifyAdmin(app.config.admin, username, password),
        lockout: app.secondFactorLockout,
        proof: code
          ? { code }
          : passkey
            ? {
                passkey: async () => {
                  const pending = await findSessionChallenge(app.db, session.id, 'step-up');
                  if (!pending?.challenge) return false;
                  const used = await verifyPasskeyAssertion(
                    app,
                    passkey as AuthenticationResponseJSON,
                    pending.challenge,
                    false,
                  );
                  return used !== null && (await consumeChallenge(app.db, pending.id));
                },
              }
            : null,
        origin: originOf(request),
      });
      return { ok: true as const };
    },
  });

  // ---- the vault's step-up: a factor again after 15 minutes idle ----

  const confirmed = async (request: FastifyRequest, method: string) => {
    const session = await sessionOf(request);
    await markFactorSeen(app.db, session.id);
    await recordEvent(app.db, originOf(request), 'confirmed', method, 'credentials vault');
    return { ok: true as const };
  };

  r.route({
    ...serveEndpoint(r, api.stepUpWithTotp),
    config: { rateLimit },
    handler: async (request) => {
      const key = totpKey(app);
      const ok = await limitSecondFactorAttempt({
        lockout: app.secondFactorLockout,
        verify: () => useTotpCode(app.db, key, request.body.code),
      });
      if (!ok) {
        // 400, not 401: the session itself is fine, only this code is wrong.
        throw new HttpError(400, 'Invalid code');
      }
      return confirmed(request, 'totp');
    },
  });

  r.route({
    ...serveEndpoint(r, api.getStepUpPasskeyOptions),
    config: { rateLimit },
    handler: async (request) => {
      const options = await passkeyAuthenticationOptions(app, 'preferred', true);
      const session = await sessionOf(request);
      await createChallenge(app.db, {
        purpose: 'step-up',
        sessionId: session.id,
        challenge: options.challenge,
      });
      return options;
    },
  });

  r.route({
    ...serveEndpoint(r, api.stepUpWithPasskey),
    config: { rateLimit },
    handler: async (request) => {
      const session = await sessionOf(request);
      const pending = await findSessionChallenge(app.db, session.id, 'step-up');
      if (!pending?.challenge) throw new HttpError(409, 'Start the passkey check again.');
      const challenge = pending.challenge;
      const used = await limitSecondFactorAttempt({
        lockout: app.secondFactorLockout,
        verify: async () =>
          (await verifyPasskeyAssertion(
            app,
            request.body.response as AuthenticationResponseJSON,
            challenge,
            false,
          )) !== null,
      });
      if (!used || !(await consumeChallenge(app.db, pending.id))) {
        throw new HttpError(400, 'The passkey was not accepted.');
      }
      return confirmed(request, 'passkey');
    },
  });
}
