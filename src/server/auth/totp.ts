import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client.ts';
import { totpFactors } from '../../db/schema/index.ts';
import { open, seal } from '../crypto/secret-box.ts';
import { SecondFactorError } from './second-factor-error.ts';

/**
 * The owner's TOTP app (decision 024): RFC 6238 through otpauth (SHA-1, 6 digits, 30 s, ±1 step),
 * the secret sealed with the vault's key, each time step accepted once.
 */

const TOTP_ROW = 1;
const TOTP_AAD = 'totp-factor';
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

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
