import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

/**
 * Admin sessions (decision 009). The cookie carries 32 random bytes (base64url); the
 * database keeps only their SHA-256. A session ends after `IDLE_TIMEOUT_MS` without use or
 * `ABSOLUTE_TIMEOUT_MS` after sign-in, whichever comes first.
 */

export const SESSION_COOKIE = 'sid';
export const IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often, to keep writes off most requests. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionRecord {
  id: number;
  expiresAt: Date;
  /** Last proof of a second factor (or vault use since); null when none was given. */
  factorSeenAt: Date | null;
  /** Last step-up (password plus the account's factor again), null before the first: decision 036. */
  steppedUpAt: Date | null;
}

/**
 * Creates a session and returns its cookie token (never stored) and absolute expiry.
 * `factorSeenAt`: when the sign-in proved a second factor (decision 024), else null.
 * `ip`: the client address at sign-in, shown in the sessions list (cut to 100 characters).
 */
export async function createSession(
  db: Db,
  userAgent: string | undefined,
  now = new Date(),
  factorSeenAt: Date | null = null,
  ip: string | null = null,
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userAgent: userAgent?.slice(0, 500) ?? null,
    ip: ip?.slice(0, 100) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    factorSeenAt,
  });
  // Expired rows are swept on sign-in, which is rare and never on a hot path.
  const idleCutoff = new Date(now.getTime() - IDLE_TIMEOUT_MS);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)));
  return { token, expiresAt };
}

/** Returns the live session for a cookie token, or null when unknown, idle too long or expired. */
export async function findSession(db: Db, token: string, now = new Date()): Promise<SessionRecord | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() > IDLE_TIMEOUT_MS) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return {
    id: row.id,
    expiresAt: row.expiresAt,
    factorSeenAt: row.factorSeenAt,
    steppedUpAt: row.steppedUpAt,
  };
}

/**
 * Records that session `sessionId` proved a second factor (or used the vault) now: the vault's
 * 15 idle minutes count from here (decision 036).
 */
export async function markFactorSeen(db: Db, sessionId: number, now = new Date()): Promise<void> {
  await db.update(sessions).set({ factorSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends the session of a cookie token (no error when it does not exist). */
export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
