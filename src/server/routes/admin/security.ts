import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { securityEndpoints as api } from '../../../shared/api/security.ts';
import { DEMO_ADMIN } from '../../../shared/demo-admin.ts';
import { endOtherSessions } from '../../auth/end-other-sessions.ts';
import { endSession } from '../../auth/end-session.ts';
import { isNewDevice } from '../../auth/is-new-device.ts';
import { limitSecondFactorAttempt } from '../../auth/limit-second-factor-attempt.ts';
import { listSessions } from '../../auth/list-sessions.ts';
import { requireStepUp } from '../../auth/require-step-up.ts';
import {
  addPasskey,
  consumeChallenge,
  createChallenge,
  dropRecoveryCodesWithoutFactor,
  factorSummary,
  findPasskey,
  findSessionChallenge,
  findTokenChallenge,
  latestEvents,
  listPasskeys,
  type RequestOrigin,
  recordEvent,
  recoveryCodesLeft,
  relyingParty,
  removePasskey,
  removeTotp,
  renamePasskey,
  replaceRecoveryCodes,
  setChallenge,
  startTotpEnrolment,
  toPasskeySummary,
  totpStatus,
  touchPasskey,
  useRecoveryCode,
  useTotpCode,
} from '../../auth/second-factor.ts';
import { type SecurityNotice, sendSecurityNotice } from '../../auth/send-security-notice.ts';
import { createSession, deleteSession, markFactorSeen, SESSION_COOKIE } from '../../auth/sessions.ts';
import { stepUpSession } from '../../auth/step-up-session.ts';
import { verifyAdmin } from '../../auth/verify-admin.ts';
import { deriveKey } from '../../crypto/secret-box.ts';
import { HttpError } from '../../http-error.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * The WebAuthn and QR code libraries (about 6 MB of heap) load on the first passkey or TOTP
 * request, not at start: most owners use them a few times a year (idle memory).
 */
const webAuthn = () => import('@simplewebauthn/server');
const qrCode = () => import('qrcode');

/** Cookie of the pending sign-in state (second step, or a passkey sign-in's challenge). */
export const PENDING_COOKIE = 'sid_pending';
const PENDING_PATH = '/api/admin/login';
const TOTP_KEY_PURPOSE = 'totp-secret';
const READ_ONLY = 'Demo mode: the Security screen is read-only.';

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

const totpKey = (app: FastifyInstance) => deriveKey(app.appSecret, TOTP_KEY_PURPOSE);

/** Emails the owner a security notice through the mail queue (decision 036). */
async function notifyOwner(app: FastifyInstance, request: FastifyRequest, notice: SecurityNotice) {
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

function requireRelyingParty(app: FastifyInstance) {
  const rp = relyingParty(app.config.publicUrl);
  if (!rp) {
    throw new HttpError(
      409,
      'Passkeys need APP_URL with a domain name (WebAuthn does not accept an IP address). Use an authenticator app instead.',
    );
  }
  return rp;
}

/**
 * Verifies a passkey assertion against `challenge`. @returns the passkey used, or null when the
 * answer does not verify (unknown key, wrong origin or RP ID, bad signature, no user
 * verification when `requireUserVerification`).
 */
async function verifyPasskey(
  app: FastifyInstance,
  response: AuthenticationResponseJSON,
  challenge: string,
  requireUserVerification: boolean,
) {
  const rp = requireRelyingParty(app);
  const stored = await findPasskey(app.db, response.id);
  if (!stored) return null;
  try {
    const result = await (await webAuthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: stored.credentialId,
        publicKey: stored.publicKey,
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification,
    });
    if (!result.verified) return null;
    await touchPasskey(app.db, stored.id, result.authenticationInfo.newCounter);
    return stored;
  } catch (error) {
    app.log.info({ err: error }, 'passkey assertion refused');
    return null;
  }
}

/**
 * WebAuthn authentication options. `listCredentials`: name the owner's credential ids in
 * `allowCredentials` (after the password, or in a session); false for an anonymous visitor, who
 * gets discoverable-credential options (empty `allowCredentials`: the authenticator offers the
 * passkeys it holds for this RP ID), so no credential id leaks to whoever asks.
 */
async function authenticationOptions(
  app: FastifyInstance,
  userVerification: 'required' | 'preferred',
  listCredentials: boolean,
) {
  const rp = requireRelyingParty(app);
  const keys = await listPasskeys(app.db);
  if (keys.length === 0) throw new HttpError(409, 'No passkey is set up. Sign in with your password.');
  return (await webAuthn()).generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification,
    allowCredentials: listCredentials
      ? keys.map((k) => ({
          id: k.credentialId,
          transports: k.transports ? (JSON.parse(k.transports) as string[]) : undefined,
        }))
      : [],
  });
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
      const options = await authenticationOptions(app, pending ? 'preferred' : 'required', pending !== null);
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
        (await verifyPasskey(
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

/**
 * The Security screen's API (`/api/admin/security…`, behind the session guard): the overview,
 * passkeys (register, rename, remove), the TOTP app (enrol by QR code, confirm, remove), new
 * recovery codes, and the vault's step-up (a factor again after 15 minutes idle). Demo mode
 * answers every change with 409 (the screen is read-only there).
 */
export async function adminSecurityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const writable = () => {
    if (app.config.demoMode) throw new HttpError(409, READ_ONLY);
  };
  const sessionOf = async (request: FastifyRequest) => (await request.adminSession())!;
  /** A change of sign-in factors: writable, and stepped up within 5 minutes (decision 036). */
  const changingFactors = async (request: FastifyRequest) => {
    writable();
    const session = await sessionOf(request);
    requireStepUp({ session });
    return session;
  };
  /** After a factor changed: every other browser is signed out and the owner is emailed (decision 036). */
  const endOthers = async (request: FastifyRequest, sessionId: number, change: string) => {
    const ended = await endOtherSessions({ db: app.db, keepSessionId: sessionId });
    if (ended > 0) request.log.info({ ended }, 'other admin sessions ended after a factor change');
    await notifyOwner(app, request, { kind: 'factor-change', change });
  };
  /** The first factor also brings recovery codes (shown once), so no owner is left without a way back. */
  const codesIfFirst = async (wasFirst: boolean) => (wasFirst ? await replaceRecoveryCodes(app.db) : []);

  r.route({
    ...serveEndpoint(r, api.getSecurityOverview),
    handler: async () => {
      const [keys, totp, left, events] = await Promise.all([
        listPasskeys(app.db),
        totpStatus(app.db),
        recoveryCodesLeft(app.db),
        latestEvents(app.db, 30),
      ]);
      return {
        readOnly: app.config.demoMode,
        passkeysAvailable: relyingParty(app.config.publicUrl) !== null,
        passkeys: keys.map(toPasskeySummary),
        totp: { enabled: totp.enabled, since: totp.since?.toISOString() ?? null },
        recoveryCodesLeft: left,
        events: events.map((e) => ({
          id: e.id,
          kind: e.kind,
          method: e.method,
          detail: e.detail,
          ip: e.ip,
          userAgent: e.userAgent,
          at: e.createdAt.toISOString(),
        })),
      };
    },
  });

  r.route({
    ...serveEndpoint(r, api.getPasskeyRegistrationOptions),
    handler: async (request) => {
      writable();
      // Said before the step-up: no password is asked for what cannot work here.
      const rp = requireRelyingParty(app);
      const session = await changingFactors(request);
      const keys = await listPasskeys(app.db);
      const options = await (await webAuthn()).generateRegistrationOptions({
        rpName: app.config.site.name,
        rpID: rp.rpID,
        userName: app.config.admin?.username ?? 'admin',
        // One user handle per install, so every passkey of the owner is the same account.
        userID: new Uint8Array(deriveKey(app.appSecret, 'webauthn-user-id').subarray(0, 16)),
        attestationType: 'none',
        excludeCredentials: keys.map((k) => ({ id: k.credentialId })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await createChallenge(app.db, {
        purpose: 'register',
        sessionId: session.id,
        challenge: options.challenge,
      });
      return options;
    },
  });

  r.route({
    ...serveEndpoint(r, api.registerPasskey),
    handler: async (request, reply) => {
      writable();
      // Said before the step-up: no password is asked for what cannot work here.
      const rp = requireRelyingParty(app);
      const session = await changingFactors(request);
      const pending = await findSessionChallenge(app.db, session.id, 'register');
      if (!pending?.challenge) throw new HttpError(409, 'Start adding the passkey again.');
      let info: Awaited<
        ReturnType<typeof import('@simplewebauthn/server').verifyRegistrationResponse>
      >['registrationInfo'];
      try {
        const result = await (await webAuthn()).verifyRegistrationResponse({
          response: request.body.response as RegistrationResponseJSON,
          expectedChallenge: pending.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        });
        info = result.verified ? result.registrationInfo : undefined;
      } catch (error) {
        request.log.info({ err: error }, 'passkey registration refused');
      }
      if (!info) throw new HttpError(400, 'The passkey could not be verified. Try again.');
      if (!(await consumeChallenge(app.db, pending.id)))
        throw new HttpError(409, 'Start adding the passkey again.');
      if (await findPasskey(app.db, info.credential.id))
        throw new HttpError(409, 'This passkey is already added.');
      const before = await factorSummary(app.db);
      await addPasskey(app.db, {
        credentialId: info.credential.id,
        publicKey: info.credential.publicKey,
        counter: info.credential.counter,
        transports: request.body.response.response.transports ?? info.credential.transports,
        name: request.body.name,
      });
      await recordEvent(app.db, originOf(request), 'factor-added', 'passkey', request.body.name);
      const codes = await codesIfFirst(before.passkeys === 0 && !before.totp);
      await endOthers(request, session.id, 'A passkey was added');
      return reply.code(201).send({ recoveryCodes: codes });
    },
  });

  r.route({
    ...serveEndpoint(r, api.renamePasskey),
    handler: async (request) => {
      writable();
      const renamed = await renamePasskey(app.db, request.params.id, request.body.name);
      if (!renamed) throw new HttpError(404, 'Passkey not found');
      return renamed;
    },
  });

  r.route({
    ...serveEndpoint(r, api.removePasskey),
    handler: async (request, reply) => {
      const session = await changingFactors(request);
      const name = await removePasskey(app.db, request.params.id);
      if (name === null) throw new HttpError(404, 'Passkey not found');
      await recordEvent(app.db, originOf(request), 'factor-removed', 'passkey', name);
      await dropRecoveryCodesWithoutFactor(app.db);
      await endOthers(request, session.id, 'A passkey was removed');
      return reply.code(204).send();
    },
  });

  r.route({
    ...serveEndpoint(r, api.enrolTotp),
    handler: async (request) => {
      await changingFactors(request);
      const { secret, uri } = await startTotpEnrolment(app.db, totpKey(app), {
        issuer: app.config.site.name,
        label: app.config.admin?.username ?? 'admin',
      });
      return { secret, uri, qrCode: await (await qrCode()).toDataURL(uri, { margin: 1, width: 240 }) };
    },
  });

  r.route({
    ...serveEndpoint(r, api.confirmTotp),
    handler: async (request) => {
      const session = await changingFactors(request);
      const before = await factorSummary(app.db);
      if (!(await useTotpCode(app.db, totpKey(app), request.body.code, { pending: true }))) {
        throw new HttpError(400, 'The code is not right. Check the time on your phone and try again.');
      }
      await recordEvent(app.db, originOf(request), 'factor-added', 'totp');
      const codes = await codesIfFirst(before.passkeys === 0 && !before.totp);
      // Sessions opened before the app was turned on never proved it: they end here.
      await endOthers(request, session.id, 'An authenticator app was turned on');
      return { recoveryCodes: codes };
    },
  });

  r.route({
    ...serveEndpoint(r, api.removeTotp),
    handler: async (request, reply) => {
      const session = await changingFactors(request);
      if (!(await removeTotp(app.db))) throw new HttpError(404, 'No authenticator app is set up.');
      await recordEvent(app.db, originOf(request), 'factor-removed', 'totp');
      await dropRecoveryCodesWithoutFactor(app.db);
      await endOthers(request, session.id, 'The authenticator app was removed');
      return reply.code(204).send();
    },
  });

  r.route({
    ...serveEndpoint(r, api.replaceRecoveryCodes),
    handler: async (request) => {
      const session = await changingFactors(request);
      const summary = await factorSummary(app.db);
      if (summary.passkeys === 0 && !summary.totp) {
        throw new HttpError(409, 'Add a passkey or an authenticator app first.');
      }
      const codes = await replaceRecoveryCodes(app.db);
      await recordEvent(app.db, originOf(request), 'recovery-codes', null, 'new set');
      await endOthers(request, session.id, 'New recovery codes were made');
      return { recoveryCodes: codes };
    },
  });

  // ---- the sessions list (decision 036): every signed-in browser, and signing them out ----

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
      const session = await sessionOf(request);
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
      const session = await sessionOf(request);
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
                  const used = await verifyPasskey(
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
      const options = await authenticationOptions(app, 'preferred', true);
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
          (await verifyPasskey(
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
