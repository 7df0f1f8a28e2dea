import { idParams } from '../ids.ts';
import { errors, noContent } from '../responses.ts';
import {
  codeSchema,
  endedSessionsSchema,
  stepOkSchema as okSchema,
  passkeyAssertionSchema,
  passkeyCreateSchema,
  passkeyRenameSchema,
  passkeySummarySchema,
  recoveryCodesSchema,
  securityOverviewSchema,
  sessionListSchema,
  stepUpSchema,
  totpEnrolmentSchema,
  webAuthnAuthenticationOptionsSchema,
  webAuthnRegistrationOptionsSchema,
} from '../security.ts';
import { endpoint } from './endpoint.ts';
import { securityRoutes as routes } from './security-routes.ts';

/** What a factor change answers without a fresh step-up (decision 036). */
const STEP_UP_NEEDED =
  'Step-up needed: no password-plus-factor check (POST /api/admin/security/step-up) in the last 5 minutes (`details.stepUp`).';

/**
 * The second sign-in step (`/api/admin/login/…`, a pending step in the `sid_pending` cookie, no
 * session yet; decision 024) and the Security screen (`/api/admin/security…`, admin session):
 * passkeys, the authenticator app, recovery codes, sessions and the step-up (decision 036).
 */
export const securityEndpoints = {
  loginWithTotp: endpoint(routes.loginWithTotp, {
    summary: 'Second sign-in step: a code from the authenticator app',
    body: codeSchema,
    response: {
      200: okSchema,
      ...errors({ 401: 'No pending sign-in step (5 minutes), or a wrong or used code.' }),
    },
  }),
  loginWithRecoveryCode: endpoint(routes.loginWithRecoveryCode, {
    summary: 'Second sign-in step: a recovery code (each works once)',
    body: codeSchema,
    response: {
      200: okSchema,
      ...errors({ 401: 'No pending sign-in step (5 minutes), or a wrong or used recovery code.' }),
    },
  }),
  getPasskeyLoginOptions: endpoint(routes.getPasskeyLoginOptions, {
    summary: 'Passkey sign-in: WebAuthn options (alone, or as the second step)',
    response: {
      200: webAuthnAuthenticationOptionsSchema,
      ...errors({ 409: 'APP_URL has no domain name: passkeys are off.' }),
    },
  }),
  loginWithPasskey: endpoint(routes.loginWithPasskey, {
    summary: "Passkey sign-in: the authenticator's answer",
    body: passkeyAssertionSchema,
    response: {
      200: okSchema,
      ...errors({ 401: 'No pending passkey sign-in, or the passkey was not accepted.' }),
    },
  }),
  getSecurityOverview: endpoint(routes.getSecurityOverview, {
    summary: 'The Security screen: factors and the latest sign-in events',
    response: { 200: securityOverviewSchema },
  }),
  getPasskeyRegistrationOptions: endpoint(routes.getPasskeyRegistrationOptions, {
    summary: 'Add a passkey: WebAuthn registration options',
    response: {
      200: webAuthnRegistrationOptionsSchema,
      ...errors({ 403: STEP_UP_NEEDED, 409: 'Demo mode (read-only), or APP_URL has no domain name.' }),
    },
  }),
  registerPasskey: endpoint(routes.registerPasskey, {
    summary: "Add a passkey: the authenticator's answer and a name (the first factor brings recovery codes)",
    body: passkeyCreateSchema,
    response: {
      201: recoveryCodesSchema,
      ...errors({
        400: 'The passkey could not be verified.',
        403: STEP_UP_NEEDED,
        409: 'Demo mode, no registration started, or the passkey is already added.',
      }),
    },
  }),
  renamePasskey: endpoint(routes.renamePasskey, {
    summary: 'Rename a passkey',
    params: idParams,
    body: passkeyRenameSchema,
    response: {
      200: passkeySummarySchema,
      ...errors({ 404: 'No such passkey.', 409: 'Demo mode (read-only).' }),
    },
  }),
  removePasskey: endpoint(routes.removePasskey, {
    summary: 'Remove a passkey',
    params: idParams,
    response: {
      204: noContent,
      ...errors({ 403: STEP_UP_NEEDED, 404: 'No such passkey.', 409: 'Demo mode (read-only).' }),
    },
  }),
  enrolTotp: endpoint(routes.enrolTotp, {
    summary: 'Start enrolling an authenticator app (secret and QR code)',
    response: {
      200: totpEnrolmentSchema,
      ...errors({ 403: STEP_UP_NEEDED, 409: 'Demo mode, or an authenticator app is already set up.' }),
    },
  }),
  confirmTotp: endpoint(routes.confirmTotp, {
    summary: 'Confirm the authenticator app with a code (the first factor brings recovery codes)',
    body: codeSchema,
    response: {
      200: recoveryCodesSchema,
      ...errors({ 400: 'The code is not right.', 403: STEP_UP_NEEDED, 409: 'Demo mode (read-only).' }),
    },
  }),
  removeTotp: endpoint(routes.removeTotp, {
    summary: 'Remove the authenticator app',
    response: {
      204: noContent,
      ...errors({
        403: STEP_UP_NEEDED,
        404: 'No authenticator app is set up.',
        409: 'Demo mode (read-only).',
      }),
    },
  }),
  replaceRecoveryCodes: endpoint(routes.replaceRecoveryCodes, {
    summary: 'New recovery codes (replaces the old set)',
    response: {
      200: recoveryCodesSchema,
      ...errors({ 403: STEP_UP_NEEDED, 409: 'Demo mode, or no factor yet.' }),
    },
  }),
  listSessions: endpoint(routes.listSessions, {
    summary: 'The live admin sessions: created, last seen, address, device',
    response: { 200: sessionListSchema },
  }),
  endSession: endpoint(routes.endSession, {
    summary: 'Sign one other session out (needs a step-up)',
    params: idParams,
    response: {
      204: noContent,
      ...errors({
        403: STEP_UP_NEEDED,
        404: 'No such session.',
        409: 'That is this session: use POST /api/admin/logout; or demo mode (read-only).',
      }),
    },
  }),
  endOtherSessions: endpoint(routes.endOtherSessions, {
    summary: 'Sign out everywhere else (every session but this one; needs a step-up)',
    response: { 200: endedSessionsSchema, ...errors({ 403: STEP_UP_NEEDED, 409: 'Demo mode (read-only).' }) },
  }),
  stepUp: endpoint(routes.stepUp, {
    summary:
      'Step-up: the password plus a second factor again, before adding or removing a factor (5 minutes)',
    body: stepUpSchema,
    response: {
      200: okSchema,
      ...errors({
        400: 'Wrong password, wrong or missing code, or the passkey was not accepted.',
        409: 'Demo mode (read-only).',
      }),
    },
  }),
  stepUpWithTotp: endpoint(routes.stepUpWithTotp, {
    summary: 'Vault step-up: a code from the authenticator app',
    body: codeSchema,
    response: { 200: okSchema, ...errors({ 400: 'Invalid code.' }) },
  }),
  getStepUpPasskeyOptions: endpoint(routes.getStepUpPasskeyOptions, {
    summary: 'Vault step-up: WebAuthn options',
    response: {
      200: webAuthnAuthenticationOptionsSchema,
      ...errors({ 409: 'APP_URL has no domain name: passkeys are off.' }),
    },
  }),
  stepUpWithPasskey: endpoint(routes.stepUpWithPasskey, {
    summary: "Vault step-up: the passkey's answer",
    body: passkeyAssertionSchema,
    response: {
      200: okSchema,
      ...errors({ 400: 'The passkey was not accepted.', 409: 'No passkey check started.' }),
    },
  }),
};
