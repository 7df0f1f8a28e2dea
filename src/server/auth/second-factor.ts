import { createHash, randomBytes, randomInt } from 'node:crypto';
import net from 'node:net';
import { hash, verify } from '@node-rs/argon2';
import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client.ts';
import {
  passkeys,
  recoveryCodes,
  signInChallenges,
  signInEvents,
  totpFactors,
} from '../../db/schema/index.ts';
import { open, seal } from '../crypto/secret-box.ts';
import { SecondFactorError } from './second-factor-error.ts';

/**
 * The owner's second factors and their sign-in bookkeeping (decision 024): passkeys
 * (WebAuthn, verified by @simplewebauthn/server in the routes), one TOTP app (RFC 6238 through
 * otpauth: SHA-1, 6 digits, 30 s, ±1 step), ten single-use recovery codes (Argon2id hashes), the
 * short-lived challenges of each step and the event log shown on the Security screen.
 */

/** How long the pending second step after a right password, and a WebAuthn challenge, live. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The vault asks for a factor again after this long without vault use (decision 024). */
export const VAULT_FACTOR_IDLE_MS = 15 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
/** Events kept; older ones are dropped when a new one is written (failures are rate limited). */
const EVENTS_KEPT = 1000;
const TOTP_ROW = 1;
const TOTP_AAD = 'totp-factor';
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Crockford-like alphabet without 0/O, 1/I/L: codes are read off paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The WebAuthn relying party from the public URL (APP_URL, never a request header): its host
 * name is the RP ID and its origin the expected origin. Null when the host is an IP address,
 * which WebAuthn does not accept as an RP ID (passkeys are then unavailable; TOTP still works).
 */
export function relyingParty(publicUrl: string): { rpID: string; origin: string } | null {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0) return null;
  return { rpID: host, origin: url.origin };
}

/** Which factors are set up: passkey count and whether a confirmed TOTP app exists. */
export async function factorSummary(db: Db): Promise<{ passkeys: number; totp: boolean }> {
  const [row] = (
    (await db.execute(
      sql`select (select count(*) from ${passkeys})::int as passkeys,
          exists(select 1 from ${totpFactors} where ${totpFactors.confirmedAt} is not null) as totp`,
    )) as unknown as { rows: { passkeys: number; totp: boolean }[] }
  ).rows;
  return { passkeys: Number(row?.passkeys ?? 0), totp: Boolean(row?.totp) };
}

/** True once any second factor exists: then the password alone no longer signs in. */
export async function hasSecondFactor(db: Db): Promise<boolean> {
  const summary = await factorSummary(db);
  return summary.passkeys > 0 || summary.totp;
}

// ---- challenges ------------------------------------------------------------------------------

export type ChallengePurpose = 'second-step' | 'passkey' | 'register' | 'step-up';

/**
 * Stores a challenge state. With `withToken`, returns a random cookie token whose SHA-256 finds
 * it again (sign-in steps, before any session exists); otherwise it is found by `sessionId`.
 * Expired rows are swept here.
 */
export async function createChallenge(
  db: Db,
  input: { purpose: ChallengePurpose; sessionId?: number; challenge?: string; withToken?: boolean },
  now = new Date(),
): Promise<{ token: string | null; expiresAt: Date }> {
  const token = input.withToken ? randomBytes(32).toString('base64url') : null;
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
    if (input.sessionId !== undefined) {
      // One registration or step-up at a time per session.
      await tx
        .delete(signInChallenges)
        .where(
          and(eq(signInChallenges.sessionId, input.sessionId), eq(signInChallenges.purpose, input.purpose)),
        );
    }
    await tx.insert(signInChallenges).values({
      tokenHash: token ? hashToken(token) : null,
      sessionId: input.sessionId ?? null,
      purpose: input.purpose,
      challenge: input.challenge ?? null,
      createdAt: now,
      expiresAt,
    });
  });
  return { token, expiresAt };
}

export interface ChallengeRow {
  id: number;
  purpose: ChallengePurpose;
  challenge: string | null;
}

/** The live challenge of a cookie token (any of `purposes`), or null. */
export async function findTokenChallenge(
  db: Db,
  token: string | undefined,
  purposes: ChallengePurpose[],
  now = new Date(),
): Promise<ChallengeRow | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(eq(signInChallenges.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.expiresAt <= now || !purposes.includes(row.purpose as ChallengePurpose)) return null;
  return { id: row.id, purpose: row.purpose as ChallengePurpose, challenge: row.challenge };
}

/** The live challenge of a session for `purpose`, or null. */
export async function findSessionChallenge(
  db: Db,
  sessionId: number,
  purpose: ChallengePurpose,
  now = new Date(),
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.sessionId, sessionId), eq(signInChallenges.purpose, purpose)))
    .limit(1);
  if (!row || row.expiresAt <= now) return null;
  return { id: row.id, purpose, challenge: row.challenge };
}

/** Sets the WebAuthn challenge of a pending state (a second step asking for a passkey). */
export async function setChallenge(db: Db, id: number, challenge: string): Promise<void> {
  await db.update(signInChallenges).set({ challenge }).where(eq(signInChallenges.id, id));
}

/**
 * Removes a challenge state. @returns false when it was already gone (a parallel request used
 * it first): the caller must then refuse, so one state signs in at most once.
 */
export async function consumeChallenge(db: Db, id: number): Promise<boolean> {
  const gone = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.id, id))
    .returning({ id: signInChallenges.id });
  return gone.length === 1;
}

// ---- TOTP --------------------------------------------------------------------------------------

function totpFor(secretBase32: string, label = 'admin', issuer = '') {
  return new TOTP({ ...TOTP_OPTIONS, issuer, label, secret: Secret.fromBase32(secretBase32) });
}

/**
 * Starts (or restarts) TOTP enrolment: a new random 160-bit secret (RFC 4226 §4 recommends 160
 * bits), sealed with `key`, not yet a factor. @returns the base32 secret and its otpauth:// URI.
 * @throws SecondFactorError `totp-exists` when a confirmed TOTP app is already set up.
 */
export async function startTotpEnrolment(
  db: Db,
  key: Buffer,
  labels: { issuer: string; label: string },
): Promise<{ secret: string; uri: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = seal(key, secret, TOTP_AAD);
  const inserted = await db
    .insert(totpFactors)
    .values({ id: TOTP_ROW, secretSealed: sealed })
    .onConflictDoUpdate({
      target: totpFactors.id,
      set: { secretSealed: sealed, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ id: totpFactors.id });
  if (inserted.length === 0) throw new SecondFactorError('totp-exists');
  return { secret, uri: totpFor(secret, labels.label, labels.issuer).toString() };
}

/**
 * Checks a 6-digit code against the TOTP secret (confirmed, or the pending one when `pending`)
 * and, when right, records its time step so the same code is accepted only once (RFC 6238 §5.2).
 * Atomic: of two parallel requests with one code, one wins. @returns true when accepted.
 */
export async function useTotpCode(
  db: Db,
  key: Buffer,
  code: string,
  options: { pending?: boolean; now?: number } = {},
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.id, TOTP_ROW)).limit(1);
  if (!row || (row.confirmedAt === null) !== Boolean(options.pending)) return false;
  const totp = totpFor(open(key, row.secretSealed, TOTP_AAD));
  const timestamp = options.now ?? Date.now();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  if (delta === null) return false;
  const step = totp.counter({ timestamp }) + delta;
  const updated = await db
    .update(totpFactors)
    .set({
      lastUsedStep: step,
      ...(options.pending ? { confirmedAt: new Date(timestamp) } : {}),
    })
    .where(
      and(
        eq(totpFactors.id, TOTP_ROW),
        options.pending ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: totpFactors.id });
  return updated.length === 1;
}

/** Removes the TOTP app (confirmed or pending). @returns whether a confirmed one was removed. */
export async function removeTotp(db: Db): Promise<boolean> {
  const gone = await db.delete(totpFactors).returning({ confirmedAt: totpFactors.confirmedAt });
  return gone.some((r) => r.confirmedAt !== null);
}

/** The TOTP state for the screen. */
export async function totpStatus(db: Db): Promise<{ enabled: boolean; since: Date | null }> {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.id, TOTP_ROW)).limit(1);
  return { enabled: Boolean(row?.confirmedAt), since: row?.confirmedAt ?? null };
}

// ---- recovery codes ----------------------------------------------------------------------------

/** Upper-case, no spaces or dashes: how codes are compared. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * Replaces every recovery code by ten new ones (10 characters from a 31-letter alphabet each,
 * ≈ 50 bits), stored as Argon2id hashes. @returns the codes as `XXXXX-XXXXX`, shown once.
 */
export async function replaceRecoveryCodes(db: Db): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  );
  const hashes = await Promise.all(codes.map((c) => hash(c)));
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes);
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ codeHash })));
  });
  return codes.map((c) => `${c.slice(0, 5)}-${c.slice(5)}`);
}

/**
 * Uses a recovery code: checks it against every unused hash and marks the match used (atomic:
 * used once even by parallel requests). @returns true when a code was consumed.
 */
export async function useRecoveryCode(db: Db, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!/^[A-Z0-9]{10}$/.test(normalized)) return false;
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(isNull(recoveryCodes.usedAt))
    .orderBy(asc(recoveryCodes.id));
  for (const row of unused) {
    if (!(await verify(row.codeHash, normalized))) continue;
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length === 1;
  }
  return false;
}

/** How many recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(isNull(recoveryCodes.usedAt));
  return Number(row?.n ?? 0);
}

/** Drops the recovery codes once no factor is left (they recover nothing then). */
export async function dropRecoveryCodesWithoutFactor(db: Db): Promise<void> {
  if (!(await hasSecondFactor(db))) await db.delete(recoveryCodes);
}

// ---- passkeys ----------------------------------------------------------------------------------

export interface StoredPasskey {
  id: number;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[] | undefined;
  name: string;
}

function toStored(row: typeof passkeys.$inferSelect): StoredPasskey {
  return {
    id: row.id,
    credentialId: row.credentialId,
    publicKey: Uint8Array.from(Buffer.from(row.publicKey, 'base64url')),
    counter: row.counter,
    transports: row.transports ? (JSON.parse(row.transports) as string[]) : undefined,
    name: row.name,
  };
}

/** Every passkey, oldest first. */
export async function listPasskeys(db: Db) {
  return db.select().from(passkeys).orderBy(asc(passkeys.id));
}

/** The passkey with this WebAuthn credential id, or null. */
export async function findPasskey(db: Db, credentialId: string): Promise<StoredPasskey | null> {
  if (credentialId.length > 1500) return null;
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ? toStored(row) : null;
}

/** Stores a verified new passkey. @returns its row id. */
export async function addPasskey(
  db: Db,
  input: {
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports?: string[];
    name: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(passkeys)
    .values({
      credentialId: input.credentialId,
      publicKey: Buffer.from(input.publicKey).toString('base64url'),
      counter: input.counter,
      transports: input.transports ? JSON.stringify(input.transports) : null,
      name: input.name,
    })
    .returning({ id: passkeys.id });
  return row!.id;
}

/** A passkey as the Security screen lists it (`passkeySummarySchema`): no key material. */
export function toPasskeySummary(row: typeof passkeys.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Renames passkey `id`. @returns its summary, or null when there is no such passkey. */
export async function renamePasskey(db: Db, id: number, name: string) {
  const [row] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
  return row ? toPasskeySummary(row) : null;
}

/** Removes passkey `id`. @returns its name, or null when there is no such passkey. */
export async function removePasskey(db: Db, id: number): Promise<string | null> {
  const [row] = await db.delete(passkeys).where(eq(passkeys.id, id)).returning({ name: passkeys.name });
  return row?.name ?? null;
}

/** Records a successful use: the new signature counter and the time. */
export async function touchPasskey(db: Db, id: number, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}

// ---- events ------------------------------------------------------------------------------------

export type SignInEventKind =
  | 'signed-in'
  | 'failed'
  | 'factor-added'
  | 'factor-removed'
  | 'recovery-codes'
  | 'factors-reset'
  | 'confirmed';

/** Who made a request: the address as Fastify resolved it (TRUST_PROXY) and the user agent. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | undefined;
}

/** Writes one event (user agent cut to 300 characters) and drops the oldest past `EVENTS_KEPT`. */
export async function recordEvent(
  db: Db,
  origin: RequestOrigin,
  kind: SignInEventKind,
  method: string | null = null,
  detail: string | null = null,
): Promise<void> {
  const [row] = await db
    .insert(signInEvents)
    .values({
      kind,
      method,
      detail: detail?.slice(0, 200) ?? null,
      ip: origin.ip?.slice(0, 100) ?? null,
      userAgent: origin.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: signInEvents.id });
  if (row && row.id > EVENTS_KEPT)
    await db.delete(signInEvents).where(lt(signInEvents.id, row.id - EVENTS_KEPT));
}

/** The newest `limit` events, newest first. */
export async function latestEvents(db: Db, limit = 30) {
  return db.select().from(signInEvents).orderBy(desc(signInEvents.id)).limit(limit);
}

/**
 * Removes every factor, recovery code and pending state (`npm run admin:reset-2fa`), recording
 * it. @returns how many passkeys and TOTP apps were removed.
 */
export async function resetSecondFactors(db: Db, origin: RequestOrigin) {
  return db.transaction(async (tx) => {
    const keys = await tx.delete(passkeys).returning({ id: passkeys.id });
    const totp = await tx.delete(totpFactors).returning({ id: totpFactors.id });
    await tx.delete(recoveryCodes);
    await tx.delete(signInChallenges);
    await tx.insert(signInEvents).values({
      kind: 'factors-reset',
      method: 'shell',
      detail: `${keys.length} passkey(s), ${totp.length} authenticator app(s)`,
      ip: origin.ip,
      userAgent: origin.userAgent ?? null,
    });
    return { passkeys: keys.length, totp: totp.length };
  });
}
