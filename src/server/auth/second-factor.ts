import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  passkeys,
  recoveryCodes,
  signInChallenges,
  signInEvents,
  totpFactors,
} from '../../db/schema/index.ts';
import type { RequestOrigin } from './sign-in-events.ts';

/**
 * The owner's second factors (decision 024): which are set up, the short-lived challenges of each
 * sign-in step, and the reset. The factors themselves live beside this file: passkeys.ts (WebAuthn),
 * totp.ts (RFC 6238), recovery-codes.ts; the event log shown on the Security screen is
 * sign-in-events.ts.
 */

/** How long the pending second step after a right password, and a WebAuthn challenge, live. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The vault asks for a factor again after this long without vault use (decision 024). */
export const VAULT_FACTOR_IDLE_MS = 15 * 60 * 1000;

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
