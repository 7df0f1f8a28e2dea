import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { z } from 'zod';
import type { loginResultSchema } from './auth.ts';
import { rowId } from './ids.ts';

/**
 * Sign-in security (decision 024): payloads and answers shared by the API and the
 * Security screen (/admin/security).
 */

/** The answer of POST /api/admin/login when a second factor is needed (no session yet). */
export type SecondFactorNeeded = NonNullable<z.infer<typeof loginResultSchema>['secondFactor']>;

/** A 6-digit TOTP code, or a recovery code (`XXXXX-XXXXX`, spaces and case ignored). */
export const codeSchema = z.object({
  code: z
    .string({ error: 'Code is required.' })
    .trim()
    .min(1, 'Code is required.')
    .max(40, 'Code must be at most 40 characters.'),
});

const b64 = z.string().max(20_000);

/**
 * A WebAuthn response as @simplewebauthn/browser returns it (RegistrationResponseJSON or
 * AuthenticationResponseJSON); the library checks the contents, this only bounds the shape.
 */
export const webAuthnResponseSchema = z.object({
  id: z.string().min(1).max(1500),
  rawId: z.string().min(1).max(1500),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64,
    authenticatorData: b64.optional(),
    signature: b64.optional(),
    userHandle: b64.optional(),
    attestationObject: b64.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

export const passkeyName = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(60, 'Name must be at most 60 characters.');

/** POST /api/admin/security/passkeys: the browser's registration answer and a name for it. */
export const passkeyCreateSchema = z.object({ name: passkeyName, response: webAuthnResponseSchema });
/** PATCH /api/admin/security/passkeys/:id. */
export const passkeyRenameSchema = z.object({ name: passkeyName });
/** POST /api/admin/login/passkey and /api/admin/security/step-up/passkey. */
export const passkeyAssertionSchema = z.object({ response: webAuthnResponseSchema });

/**
 * POST /api/admin/security/step-up (decision 036): the password again plus, when the account has
 * a second factor, a code (authenticator or recovery) or a passkey answer (options from
 * POST /api/admin/security/step-up/passkey/options).
 */
export const stepUpSchema = z.object({
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1000),
  code: codeSchema.shape.code.optional(),
  passkey: webAuthnResponseSchema.optional(),
});
export type StepUpRequest = z.infer<typeof stepUpSchema>;

/** One recorded sign-in event (a sign-in, a failure, a factor added or removed). */
export const securityEventSchema = z
  .object({
    id: rowId,
    kind: z
      .string()
      .describe("'signed-in', 'failed', 'factor-added', 'factor-removed', 'confirmed' or 'recovery-codes'."),
    method: z.string().nullable(),
    detail: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const passkeySummarySchema = z
  .object({ id: rowId, name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })
  .meta({ id: 'Passkey' });
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

/** GET /api/admin/security. */
export const securityOverviewSchema = z
  .object({
    readOnly: z.boolean(),
    passkeysAvailable: z
      .boolean()
      .describe("False when APP_URL's host is an IP address (WebAuthn needs a domain name)."),
    passkeys: z.array(passkeySummarySchema),
    totp: z.object({ enabled: z.boolean(), since: z.string().nullable() }),
    recoveryCodesLeft: z.number().int(),
    events: z.array(securityEventSchema),
  })
  .meta({ id: 'SecurityOverview' });
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** One live admin session on the Security screen's sessions list (decision 036). */
export const sessionSummarySchema = z
  .object({
    id: rowId,
    createdAt: z.string().describe('When it signed in.'),
    lastSeenAt: z.string().describe('Last request, to the minute.'),
    ip: z.string().nullable().describe('The client address at sign-in.'),
    device: z.string().describe("Named from the user agent, e.g. 'Chrome 131 on macOS (desktop)'."),
    userAgent: z.string().nullable(),
    current: z.boolean().describe('The session making this request.'),
  })
  .meta({ id: 'AdminSession' });
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
/** GET /api/admin/security/sessions. */
export const sessionListSchema = z.object({ sessions: z.array(sessionSummarySchema) });
/** POST /api/admin/security/sessions/end-others: how many were signed out. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });

/** New recovery codes: shown once, stored hashed (empty when the factor added was not the first). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** A finished step. */
export const stepOkSchema = z.object({ ok: z.literal(true) });
/** WebAuthn options as @simplewebauthn/server makes them, for @simplewebauthn/browser. */
const isJsonObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Passkey registration options, as @simplewebauthn/server makes them and the browser's ceremony takes them. */
export const webAuthnRegistrationOptionsSchema = z
  .custom<PublicKeyCredentialCreationOptionsJSON>(isJsonObject)
  .describe('WebAuthn registration options (JSON).');
/** Passkey sign-in or step-up options, as @simplewebauthn/server makes them and the browser takes them. */
export const webAuthnAuthenticationOptionsSchema = z
  .custom<PublicKeyCredentialRequestOptionsJSON>(isJsonObject)
  .describe('WebAuthn authentication options (JSON).');
/** POST /api/admin/security/totp: the secret to enrol, as text, URI and QR code (data: URL). */
export const totpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() });
