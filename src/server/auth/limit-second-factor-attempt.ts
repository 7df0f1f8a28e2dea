import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { SecondFactorError } from './second-factor-error.ts';

/** Wrong second-factor codes an account may give in `SECOND_FACTOR_WINDOW_S` (decision 038). */
export const SECOND_FACTOR_MAX_FAILURES = 10;
/** The window the failures are counted in, and how long the second step then stays locked. */
export const SECOND_FACTOR_WINDOW_S = 15 * 60;
/** The one key: one admin account, whatever the address, route or instance. */
const ACCOUNT_KEY = 'account';

/**
 * Verifies one second-factor proof (a TOTP or recovery code, a passkey) under the account's
 * lockout (decision 038): a slot is counted before `verify` runs and given back when it succeeds,
 * so parallel guesses across routes and instances cannot pass the limit; the 10th wrong proof in
 * 15 minutes locks the account's second step for 15 minutes.
 * @param options.lockout a limiter of `SECOND_FACTOR_MAX_FAILURES` points in `SECOND_FACTOR_WINDOW_S`
 *   (rate-limits/create-limiter.ts): in PostgreSQL with DATABASE_URL, shared by every instance.
 * @returns what `verify` returned.
 * @throws SecondFactorError `locked` (with `retryAfterSeconds`) without running `verify`.
 */
export async function limitSecondFactorAttempt(options: {
  lockout: RateLimiterAbstract;
  verify: () => Promise<boolean>;
}): Promise<boolean> {
  const { lockout } = options;
  let counted: RateLimiterRes;
  try {
    counted = await lockout.consume(ACCOUNT_KEY);
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    throw new SecondFactorError('locked', Math.max(1, Math.ceil(refused.msBeforeNext / 1000)));
  }
  if (await options.verify()) {
    await lockout.reward(ACCOUNT_KEY, 1);
    return true;
  }
  if (counted.consumedPoints >= SECOND_FACTOR_MAX_FAILURES) {
    // The lock runs 15 minutes from this failure, not from the window's first one.
    await lockout.block(ACCOUNT_KEY, SECOND_FACTOR_WINDOW_S);
  }
  return false;
}
