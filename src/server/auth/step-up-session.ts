import { eq } from 'drizzle-orm';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { limitSecondFactorAttempt } from './limit-second-factor-attempt.ts';
import { useRecoveryCode as consumeRecoveryCode } from './recovery-codes.ts';
import { factorSummary } from './second-factor.ts';
import { SecondFactorError } from './second-factor-error.ts';
import type { SessionRecord } from './sessions.ts';
import { type RequestOrigin, recordEvent } from './sign-in-events.ts';
import { useTotpCode as consumeTotpCode } from './totp.ts';

/**
 * The second half of a step-up: a code (a 6-digit authenticator code, or a recovery code, used
 * once), or a passkey whose assertion the caller verifies against the session's step-up
 * challenge (WebAuthn stays in the route, which loads the library lazily).
 */
export type StepUpProof = { code: string } | { passkey: () => Promise<boolean> } | null;

/**
 * Steps a session up for a change of sign-in factors (decision 036): the password again plus, when
 * the account has a second factor, one of them. On success the session may change factors for 5
 * minutes (`requireStepUp`) and, having proved a factor, opens the vault too (decision 024). Every
 * attempt is recorded in the sign-in events.
 * @param options.passwordMatches whether the password given matches the admin's (checked by the
 *   caller against the configured pair, in constant time).
 * @returns the method recorded, e.g. `password+totp`.
 * @throws SecondFactorError `wrong-password`, `factor-required`, `wrong-code`, `passkey-refused`
 *   or `locked` (decision 038).
 */
export async function stepUpSession(options: {
  db: Db;
  totpKey: Buffer;
  session: SessionRecord;
  passwordMatches: boolean;
  proof: StepUpProof;
  /** The account's second-factor lockout: a wrong code here counts like one at sign-in. */
  lockout: RateLimiterAbstract;
  origin: RequestOrigin;
  now?: () => Date;
}): Promise<{ method: string }> {
  const { db, origin } = options;
  const now = options.now ?? (() => new Date());
  if (!options.passwordMatches) {
    await recordEvent(db, origin, 'failed', 'password', 'step-up');
    throw new SecondFactorError('wrong-password');
  }
  const factors = await factorSummary(db);
  const hasFactor = factors.passkeys > 0 || factors.totp;
  let method = 'password';
  if (hasFactor) {
    const proof = options.proof;
    if (!proof) throw new SecondFactorError('factor-required');
    if ('code' in proof) {
      const totp = factors.totp && /^\d{6}$/.test(proof.code.trim());
      method = totp ? 'password+totp' : 'password+recovery-code';
      const ok = await limitSecondFactorAttempt({
        lockout: options.lockout,
        verify: () =>
          totp
            ? consumeTotpCode(db, options.totpKey, proof.code.trim())
            : consumeRecoveryCode(db, proof.code),
      });
      if (!ok) {
        await recordEvent(db, origin, 'failed', method, 'step-up');
        throw new SecondFactorError('wrong-code');
      }
    } else {
      method = 'password+passkey';
      const ok =
        factors.passkeys > 0 &&
        (await limitSecondFactorAttempt({ lockout: options.lockout, verify: proof.passkey }));
      if (!ok) {
        await recordEvent(db, origin, 'failed', method, 'step-up');
        throw new SecondFactorError('passkey-refused');
      }
    }
  }
  const at = now();
  await db
    .update(sessions)
    .set({ steppedUpAt: at, ...(hasFactor ? { factorSeenAt: at } : {}) })
    .where(eq(sessions.id, options.session.id));
  await recordEvent(db, origin, 'confirmed', method, 'sign-in factors');
  return { method };
}
