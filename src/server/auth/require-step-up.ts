import { SecondFactorError } from './second-factor-error.ts';
import type { SessionRecord } from './sessions.ts';

/** How long a step-up lets the session change sign-in factors (decision 036). */
export const STEP_UP_TTL_MS = 5 * 60 * 1000;

/**
 * Refuses a change of sign-in factors (add or remove a passkey or the authenticator app, new
 * recovery codes) unless `session` stepped up (password plus the account's second factor again)
 * within the last 5 minutes: a stolen session cookie alone cannot change them, not even one
 * taken right after the sign-in.
 * @throws SecondFactorError `step-up-required`.
 */
export function requireStepUp(options: { session: SessionRecord; now?: Date }): void {
  const now = options.now ?? new Date();
  const at = options.session.steppedUpAt;
  if (!at || now.getTime() - at.getTime() > STEP_UP_TTL_MS || at.getTime() > now.getTime() + 60_000) {
    throw new SecondFactorError('step-up-required');
  }
}
