import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { securityEndpoints as api } from '../../../shared/api/security.ts';
import {
  passkeyRegistrationOptions,
  requireRelyingParty,
  verifyPasskeyRegistration,
} from '../../auth/passkey-verification.ts';
import {
  addPasskey,
  findPasskey,
  listPasskeys,
  removePasskey,
  renamePasskey,
  toPasskeySummary,
} from '../../auth/passkeys.ts';
import {
  dropRecoveryCodesWithoutFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
} from '../../auth/recovery-codes.ts';
import {
  consumeChallenge,
  createChallenge,
  factorSummary,
  findSessionChallenge,
  relyingParty,
} from '../../auth/second-factor.ts';
import { latestEvents, recordEvent } from '../../auth/sign-in-events.ts';
import { removeTotp, startTotpEnrolment, totpStatus, useTotpCode } from '../../auth/totp.ts';
import { deriveKey } from '../../crypto/secret-box.ts';
import { HttpError } from '../../http-error.ts';
import { serveEndpoint } from '../serve-endpoint.ts';
import { securityGuards } from './security-guards.ts';
import { originOf, totpKey } from './security-login.ts';

/** The QR code library loads on the first TOTP enrolment, not at start (idle memory). */
const qrCode = () => import('qrcode');

/**
 * The Security screen's API (`/api/admin/security…`, behind the session guard): the overview,
 * passkeys (register, rename, remove), the TOTP app (enrol by QR code, confirm, remove), new
 * recovery codes (the sessions list and the step-up: security-sessions.ts). Demo mode
 * answers every change with 409 (the screen is read-only there).
 */
export async function adminSecurityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const { writable, changingFactors, endOthers } = securityGuards(app);
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
      const rp = requireRelyingParty(app.config.publicUrl);
      const session = await changingFactors(request);
      const options = await passkeyRegistrationOptions(app, rp, {
        rpName: app.config.site.name,
        userName: app.config.admin?.username ?? 'admin',
        // One user handle per install, so every passkey of the owner is the same account.
        userId: new Uint8Array(deriveKey(app.appSecret, 'webauthn-user-id').subarray(0, 16)),
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
      const rp = requireRelyingParty(app.config.publicUrl);
      const session = await changingFactors(request);
      const pending = await findSessionChallenge(app.db, session.id, 'register');
      if (!pending?.challenge) throw new HttpError(409, 'Start adding the passkey again.');
      const info = await verifyPasskeyRegistration(
        request.log,
        rp,
        request.body.response as RegistrationResponseJSON,
        pending.challenge,
      );
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
}
