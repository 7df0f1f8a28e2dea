import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/index.ts';
import { hasSecondFactor } from './second-factor.ts';

/** The ten single-use recovery codes (decision 024): Argon2id hashes, each used once. */

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-like alphabet without 0/O, 1/I/L: codes are read off paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

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
