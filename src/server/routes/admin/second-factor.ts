import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passkeys, sessions } from '../../../db/schema/index.ts';
import { idParams } from '../../../shared/ids.ts';
import { errors, noContent } from '../../../shared/responses.ts';
import {
  codeSchema,
  stepOkSchema as okSchema,
  webAuthnOptionsSchema as optionsSchema,
  passkeyAssertionSchema,
  passkeyCreateSchema,
  passkeyRenameSchema,
  passkeySummarySchema,
  recoveryCodesSchema,
  securityOverviewSchema,
  totpEnrolmentSchema,
} from '../../../shared/security.ts';
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
  removeTotp,
  replaceRecoveryCodes,
  setChallenge,
  startTotpEnrolment,
  totpStatus,
  touchPasskey,
  useRecoveryCode,
  useTotpCode,
} from '../../auth/second-factor.ts';
import { createSession, deleteSession, SESSION_COOKIE } from '../../auth/sessions.ts';
import { deriveKey } from '../../crypto/secret-box.ts';
import { HttpError } from '../../http-error.ts';

/**
 * The WebAuthn and QR code libraries (about 6 MB of heap) load on the first passkey or TOTP
 * request, not at start: most owners use them a few times a year (issue #15, idle memory).
 */
const webAuthn = () => import('@simplewebauthn/server');
const qrCode = () => import('qrcode');

/** Cookie of the pending sign-in state (second step, or a passkey sign-in's challenge). */
export const PENDING_COOKIE = 'sid_pending';
const PENDING_PATH = '/api/admin/login';
const TOTP_KEY_PURPOSE = 'totp-secret';
const READ_ONLY = 'Demo mode: the Security screen is read-only.';

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

async function authenticationOptions(app: FastifyInstance, userVerification: 'required' | 'preferred') {
  const rp = requireRelyingParty(app);
  const keys = await listPasskeys(app.db);
  if (keys.length === 0) throw new HttpError(409, 'No passkey is set up. Sign in with your password.');
  return (await webAuthn()).generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification,
    allowCredentials: keys.map((k) => ({
      id: k.credentialId,
      transports: k.transports ? (JSON.parse(k.transports) as string[]) : undefined,
    })),
  });
}

/** WebAuthn options travel as the library made them (JSON-ready objects without an index signature). */
const asJson = (options: object) => options as Record<string, unknown>;

/**
 * The sign-in steps after the password, and passkey-only sign-in (issue #13). Each is rate
 * limited per address like the password (`LOGIN_RATE_LIMIT` per 15 minutes). The pending state
 * comes from the `sid_pending` cookie (5 minutes, one use); only a finished step creates a
 * session, with a new token (rotation, decision 009). Every success and failure is recorded.
 */
export async function adminSecondFactorLoginRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: app.config.loginRateLimit, timeWindow: '15 minutes' };

  async function finish(request: FastifyRequest, reply: FastifyReply, challengeId: number, method: string) {
    if (!(await consumeChallenge(app.db, challengeId))) throw new HttpError(401, 'Please sign in again.');
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(app.db, previous);
    const now = new Date();
    const session = await createSession(app.db, request.headers['user-agent'], now, now);
    await recordEvent(app.db, originOf(request), 'signed-in', method);
    request.log.info({ method }, 'admin signed in');
    reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
    return reply.setSessionCookie(session.token, session.expiresAt).send({ ok: true });
  }

  async function fail(request: FastifyRequest, method: string, message: string): Promise<never> {
    await recordEvent(app.db, originOf(request), 'failed', method);
    request.log.warn({ method }, 'admin second step failed');
    throw new HttpError(401, message);
  }

  const pendingStep = async (request: FastifyRequest) => {
    const pending = await findTokenChallenge(app.db, request.cookies[PENDING_COOKIE], ['second-step']);
    if (!pending)
      throw new HttpError(401, 'Please sign in with your password first (the step expires after 5 minutes).');
    return pending;
  };

  r.post(
    '/login/totp',
    {
      config: { rateLimit },
      schema: {
        summary: 'Second sign-in step: a code from the authenticator app',
        body: codeSchema,
        response: {
          200: okSchema,
          ...errors({ 401: 'No pending sign-in step (5 minutes), or a wrong or used code.' }),
        },
      },
    },
    async (request, reply) => {
      const pending = await pendingStep(request);
      if (!(await useTotpCode(app.db, totpKey(app), request.body.code))) {
        return fail(request, 'password+totp', 'Invalid code');
      }
      return finish(request, reply, pending.id, 'password+totp');
    },
  );

  r.post(
    '/login/recovery',
    {
      config: { rateLimit },
      schema: {
        summary: 'Second sign-in step: a recovery code (each works once)',
        body: codeSchema,
        response: {
          200: okSchema,
          ...errors({ 401: 'No pending sign-in step (5 minutes), or a wrong or used recovery code.' }),
        },
      },
    },
    async (request, reply) => {
      const pending = await pendingStep(request);
      if (!(await useRecoveryCode(app.db, request.body.code))) {
        return fail(request, 'password+recovery-code', 'Invalid recovery code');
      }
      return finish(request, reply, pending.id, 'password+recovery-code');
    },
  );

  r.post(
    '/login/passkey/options',
    {
      config: { rateLimit },
      schema: {
        summary: 'Passkey sign-in: WebAuthn options (alone, or as the second step)',
        response: { 200: optionsSchema, ...errors({ 409: 'APP_URL has no domain name: passkeys are off.' }) },
      },
    },
    async (request, reply) => {
      const pending = await findTokenChallenge(app.db, request.cookies[PENDING_COOKIE], ['second-step']);
      // After the password a passkey is the second factor; alone it must verify its user (PIN, biometrics).
      const options = await authenticationOptions(app, pending ? 'preferred' : 'required');
      if (pending) {
        await setChallenge(app.db, pending.id, options.challenge);
        return asJson(options);
      }
      const created = await createChallenge(app.db, {
        purpose: 'passkey',
        challenge: options.challenge,
        withToken: true,
      });
      setPendingCookie(reply, created.token!, created.expiresAt);
      return asJson(options);
    },
  );

  r.post(
    '/login/passkey',
    {
      config: { rateLimit },
      schema: {
        summary: "Passkey sign-in: the authenticator's answer",
        body: passkeyAssertionSchema,
        response: {
          200: okSchema,
          ...errors({ 401: 'No pending passkey sign-in, or the passkey was not accepted.' }),
        },
      },
    },
    async (request, reply) => {
      const pending = await findTokenChallenge(app.db, request.cookies[PENDING_COOKIE], [
        'second-step',
        'passkey',
      ]);
      if (!pending?.challenge) throw new HttpError(401, 'Start the passkey sign-in again.');
      const method = pending.purpose === 'passkey' ? 'passkey' : 'password+passkey';
      const used = await verifyPasskey(
        app,
        request.body.response as AuthenticationResponseJSON,
        pending.challenge,
        pending.purpose === 'passkey',
      );
      if (!used) return fail(request, method, 'The passkey was not accepted.');
      return finish(request, reply, pending.id, `${method}`);
    },
  );
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
  /** The first factor also brings recovery codes (shown once), so no owner is left without a way back. */
  const codesIfFirst = async (wasFirst: boolean) => (wasFirst ? await replaceRecoveryCodes(app.db) : []);

  r.get(
    '/security',
    {
      schema: {
        summary: 'The Security screen: factors and the latest sign-in events',
        response: { 200: securityOverviewSchema },
      },
    },
    async () => {
      const [keys, totp, left, events] = await Promise.all([
        listPasskeys(app.db),
        totpStatus(app.db),
        recoveryCodesLeft(app.db),
        latestEvents(app.db, 30),
      ]);
      return {
        readOnly: app.config.demoMode,
        passkeysAvailable: relyingParty(app.config.publicUrl) !== null,
        passkeys: keys.map((k) => ({
          id: k.id,
          name: k.name,
          createdAt: k.createdAt.toISOString(),
          lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
        })),
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
  );

  r.post(
    '/security/passkeys/options',
    {
      schema: {
        summary: 'Add a passkey: WebAuthn registration options',
        response: {
          200: optionsSchema,
          ...errors({ 409: 'Demo mode (read-only), or APP_URL has no domain name.' }),
        },
      },
    },
    async (request) => {
      writable();
      const rp = requireRelyingParty(app);
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
      const session = await sessionOf(request);
      await createChallenge(app.db, {
        purpose: 'register',
        sessionId: session.id,
        challenge: options.challenge,
      });
      return asJson(options);
    },
  );

  r.post(
    '/security/passkeys',
    {
      schema: {
        summary:
          "Add a passkey: the authenticator's answer and a name (the first factor brings recovery codes)",
        body: passkeyCreateSchema,
        response: {
          201: recoveryCodesSchema,
          ...errors({
            400: 'The passkey could not be verified.',
            409: 'Demo mode, no registration started, or the passkey is already added.',
          }),
        },
      },
    },
    async (request, reply) => {
      writable();
      const rp = requireRelyingParty(app);
      const session = await sessionOf(request);
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
      return reply.code(201).send({ recoveryCodes: codes });
    },
  );

  r.patch(
    '/security/passkeys/:id',
    {
      schema: {
        summary: 'Rename a passkey',
        params: idParams,
        body: passkeyRenameSchema,
        response: {
          200: passkeySummarySchema,
          ...errors({ 404: 'No such passkey.', 409: 'Demo mode (read-only).' }),
        },
      },
    },
    async (request) => {
      writable();
      const [row] = await app.db
        .update(passkeys)
        .set({ name: request.body.name })
        .where(eq(passkeys.id, request.params.id))
        .returning();
      if (!row) throw new HttpError(404, 'Passkey not found');
      return {
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      };
    },
  );

  r.delete(
    '/security/passkeys/:id',
    {
      schema: {
        summary: 'Remove a passkey',
        params: idParams,
        response: { 204: noContent, ...errors({ 404: 'No such passkey.', 409: 'Demo mode (read-only).' }) },
      },
    },
    async (request, reply) => {
      writable();
      const [row] = await app.db
        .delete(passkeys)
        .where(eq(passkeys.id, request.params.id))
        .returning({ name: passkeys.name });
      if (!row) throw new HttpError(404, 'Passkey not found');
      await recordEvent(app.db, originOf(request), 'factor-removed', 'passkey', row.name);
      await dropRecoveryCodesWithoutFactor(app.db);
      return reply.code(204).send();
    },
  );

  r.post(
    '/security/totp',
    {
      schema: {
        summary: 'Start enrolling an authenticator app (secret and QR code)',
        response: {
          200: totpEnrolmentSchema,
          ...errors({ 409: 'Demo mode, or an authenticator app is already set up.' }),
        },
      },
    },
    async () => {
      writable();
      try {
        const { secret, uri } = await startTotpEnrolment(app.db, totpKey(app), {
          issuer: app.config.site.name,
          label: app.config.admin?.username ?? 'admin',
        });
        return { secret, uri, qrCode: await (await qrCode()).toDataURL(uri, { margin: 1, width: 240 }) };
      } catch (error) {
        if (error instanceof Error && error.message === 'TOTP_EXISTS') {
          throw new HttpError(409, 'An authenticator app is already set up. Remove it first.');
        }
        throw error;
      }
    },
  );

  r.post(
    '/security/totp/confirm',
    {
      schema: {
        summary: 'Confirm the authenticator app with a code (the first factor brings recovery codes)',
        body: codeSchema,
        response: {
          200: recoveryCodesSchema,
          ...errors({ 400: 'The code is not right.', 409: 'Demo mode (read-only).' }),
        },
      },
    },
    async (request) => {
      writable();
      const before = await factorSummary(app.db);
      if (!(await useTotpCode(app.db, totpKey(app), request.body.code, { pending: true }))) {
        throw new HttpError(400, 'The code is not right. Check the time on your phone and try again.');
      }
      await recordEvent(app.db, originOf(request), 'factor-added', 'totp');
      return { recoveryCodes: await codesIfFirst(before.passkeys === 0 && !before.totp) };
    },
  );

  r.delete(
    '/security/totp',
    {
      schema: {
        summary: 'Remove the authenticator app',
        response: {
          204: noContent,
          ...errors({ 404: 'No authenticator app is set up.', 409: 'Demo mode (read-only).' }),
        },
      },
    },
    async (request, reply) => {
      writable();
      if (!(await removeTotp(app.db))) throw new HttpError(404, 'No authenticator app is set up.');
      await recordEvent(app.db, originOf(request), 'factor-removed', 'totp');
      await dropRecoveryCodesWithoutFactor(app.db);
      return reply.code(204).send();
    },
  );

  r.post(
    '/security/recovery-codes',
    {
      schema: {
        summary: 'New recovery codes (replaces the old set)',
        response: { 200: recoveryCodesSchema, ...errors({ 409: 'Demo mode, or no factor yet.' }) },
      },
    },
    async (request) => {
      writable();
      const summary = await factorSummary(app.db);
      if (summary.passkeys === 0 && !summary.totp) {
        throw new HttpError(409, 'Add a passkey or an authenticator app first.');
      }
      const codes = await replaceRecoveryCodes(app.db);
      await recordEvent(app.db, originOf(request), 'recovery-codes', null, 'new set');
      return { recoveryCodes: codes };
    },
  );

  // ---- the vault's step-up: a factor again after 15 minutes idle ----

  const rateLimit = { max: app.config.loginRateLimit, timeWindow: '15 minutes' };
  const confirmed = async (request: FastifyRequest, method: string) => {
    const session = await sessionOf(request);
    await app.db.update(sessions).set({ factorSeenAt: new Date() }).where(eq(sessions.id, session.id));
    await recordEvent(app.db, originOf(request), 'confirmed', method, 'credentials vault');
    return { ok: true as const };
  };

  r.post(
    '/security/step-up/totp',
    {
      config: { rateLimit },
      schema: {
        summary: 'Vault step-up: a code from the authenticator app',
        body: codeSchema,
        response: { 200: okSchema, ...errors({ 400: 'Invalid code.' }) },
      },
    },
    async (request) => {
      if (!(await useTotpCode(app.db, totpKey(app), request.body.code))) {
        // 400, not 401: the session itself is fine, only this code is wrong.
        throw new HttpError(400, 'Invalid code');
      }
      return confirmed(request, 'totp');
    },
  );

  r.post(
    '/security/step-up/passkey/options',
    {
      config: { rateLimit },
      schema: {
        summary: 'Vault step-up: WebAuthn options',
        response: { 200: optionsSchema, ...errors({ 409: 'APP_URL has no domain name: passkeys are off.' }) },
      },
    },
    async (request) => {
      const options = await authenticationOptions(app, 'preferred');
      const session = await sessionOf(request);
      await createChallenge(app.db, {
        purpose: 'step-up',
        sessionId: session.id,
        challenge: options.challenge,
      });
      return asJson(options);
    },
  );

  r.post(
    '/security/step-up/passkey',
    {
      config: { rateLimit },
      schema: {
        summary: "Vault step-up: the passkey's answer",
        body: passkeyAssertionSchema,
        response: {
          200: okSchema,
          ...errors({ 400: 'The passkey was not accepted.', 409: 'No passkey check started.' }),
        },
      },
    },
    async (request) => {
      const session = await sessionOf(request);
      const pending = await findSessionChallenge(app.db, session.id, 'step-up');
      if (!pending?.challenge) throw new HttpError(409, 'Start the passkey check again.');
      const used = await verifyPasskey(
        app,
        request.body.response as AuthenticationResponseJSON,
        pending.challenge,
        false,
      );
      if (!used || !(await consumeChallenge(app.db, pending.id))) {
        throw new HttpError(400, 'The passkey was not accepted.');
      }
      return confirmed(request, 'passkey');
    },
  );
}
