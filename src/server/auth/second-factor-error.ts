/**
 * The one error type of the sign-in factor operations (decision 036): each refusal has a `code`
 * the HTTP edge maps to a status and a message (`src/server/plugins/errors.ts`), so no caller
 * matches an error by its text.
 *
 * - `step-up-required`: a change of sign-in factors without a password-plus-factor check in the
 *   last 5 minutes.
 * - `wrong-password`, `wrong-code`, `passkey-refused`: a step-up's proof did not verify.
 * - `factor-required`: the account has a second factor but the step-up gave none.
 * - `locked`: too many wrong second-factor codes for the account; `retryAfterSeconds` says how long.
 * - `totp-exists`: an authenticator app is already set up (one at a time).
 */
export type SecondFactorErrorCode =
  | 'step-up-required'
  | 'wrong-password'
  | 'wrong-code'
  | 'passkey-refused'
  | 'factor-required'
  | 'locked'
  | 'totp-exists';

export class SecondFactorError extends Error {
  constructor(
    readonly code: SecondFactorErrorCode,
    /** For `locked`: seconds until the second step opens again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = 'SecondFactorError';
  }
}
