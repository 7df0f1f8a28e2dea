/**
 * Why a domain operation refused (decision 049). The operations in `src/server/<domain>/` throw a
 * `DomainError` and never name an HTTP status; `src/server/plugins/errors.ts` maps each kind to
 * its status in one place, and the message is the `{ error }` the admin reads.
 *
 * - `invalid` (400): the input breaks a rule the schema cannot see (an empty CSV, a bad cursor);
 *   `details` goes with the answer.
 * - `unauthenticated` (401) / `forbidden` (403): the vault password is missing / wrong.
 * - `not-found` (404), `conflict` (409): no such row; the current state refuses the change.
 * - `too-many` (429): a limit was reached; `retryAfterSeconds` says when to try again.
 * - `upstream-failed` (502): the mail provider refused or failed.
 * - `corrupt` (500): stored data failed its integrity check; the message names what.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-many'
  | 'upstream-failed'
  | 'corrupt';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly extra: { details?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** `what` does not exist, e.g. `notFound('Contact')` → 'Contact not found'. */
export const notFound = (what: string) => new DomainError('not-found', `${what} not found`);
/** The current state refuses the change; `message` says why. */
export const conflict = (message: string) => new DomainError('conflict', message);
/** The input breaks a rule; `details` (JSON) goes with the answer. */
export const invalid = (message: string, details?: unknown) =>
  new DomainError('invalid', message, details === undefined ? {} : { details });
