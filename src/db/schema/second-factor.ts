import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sessions } from './auth.ts';
import { createdAt, tsz } from './common.ts';

/**
 * The owner's second factors (decision 024). Passkeys (WebAuthn): the credential id and
 * COSE public key as base64url, the signature counter and transports the browser reported.
 */
export const passkeys = pgTable('passkeys', {
  id: serial('id').primaryKey(),
  credentialId: text('credential_id').notNull().unique(),
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  /** JSON array of transports ('usb', 'internal', …) or null. */
  transports: text('transports'),
  name: text('name').notNull(),
  createdAt: createdAt(),
  lastUsedAt: tsz('last_used_at'),
});

/**
 * The one TOTP factor (RFC 6238; row id 1). The base32 secret is sealed with the app secret
 * (crypto/secret-box.ts). `confirmedAt` null: enrolment started but not yet confirmed with a code,
 * so it does not count as a factor. `lastUsedStep`: the last accepted 30-second step (replay guard).
 */
export const totpFactors = pgTable('totp_factors', {
  id: integer('id').primaryKey(),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: tsz('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as Argon2id hashes (PHC strings); `usedAt` set on use. */
export const recoveryCodes = pgTable('recovery_codes', {
  id: serial('id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  usedAt: tsz('used_at'),
  createdAt: createdAt(),
});

/**
 * Short-lived sign-in and registration states: the pending second step after a right password,
 * a passkey sign-in's WebAuthn challenge (both found by the SHA-256 of a cookie token), and a
 * passkey registration's or vault step-up's challenge (found by session).
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').unique(),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** 'second-step' | 'passkey' | 'register' | 'step-up'. */
    purpose: text('purpose').notNull(),
    challenge: text('challenge'),
    createdAt: createdAt(),
    expiresAt: tsz('expires_at').notNull(),
  },
  (t) => [index('sign_in_challenges_expires_at_idx').on(t.expiresAt)],
);

/** Sign-ins, failures and factor changes, shown on the Security screen (newest first). */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: serial('id').primaryKey(),
    /** 'signed-in' | 'failed' | 'factor-added' | 'factor-removed' | 'recovery-codes' | 'factors-reset' | 'confirmed'. */
    kind: text('kind').notNull(),
    /** How: 'password', 'passkey', 'totp', 'recovery-code', 'password+passkey', … */
    method: text('method'),
    /** A passkey's name, or why a step failed. */
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_events_created_at_idx').on(t.createdAt)],
);
