import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { type SQL, sql } from 'drizzle-orm';
import { deriveKey as deriveSecret } from '../crypto/secret-box.ts';

/**
 * The contact form's proof of work (decision 037): self-hosted ALTCHA v2 challenges from
 * `altcha-lib`, signed with keys derived from `APP_SECRET` (so every instance checks another's
 * challenges), solved by the `altcha` widget in the visitor's browser.
 *
 * Deterministic mode: the server picks the counter the solver must reach and signs the key it
 * derives, so verifying a solution is two HMACs (no key derivation on the request path). SHA-256
 * with {@link POW_COST} round and a counter from {@link POW_COUNTER_MIN} to {@link POW_COUNTER_MAX}:
 * about 35,000 hashes on average, about a quarter of a second in Node here and well under the
 * time a person takes to type a message, in the widget's background workers.
 */
export const POW_ALGORITHM = 'SHA-256';
export const POW_COST = 1;
export const POW_COUNTER_MIN = 20_000;
export const POW_COUNTER_MAX = 50_000;
/** How long a challenge may be answered: long enough to fill the form in, then a new one. */
export const POW_TTL_MS = 30 * 60_000;

/** The two HMAC keys of the proof of work, derived once from the app secret. */
export interface PowKeys {
  signature: string;
  keySignature: string;
}

/** Derives the challenge-signing keys from `APP_SECRET` (HKDF, purpose-separated). */
export function powKeys(appSecret: string): PowKeys {
  return {
    signature: deriveSecret(appSecret, 'altcha-signature').toString('hex'),
    keySignature: deriveSecret(appSecret, 'altcha-key-signature').toString('hex'),
  };
}

/** A new signed challenge for GET /api/contact/challenge, expiring after {@link POW_TTL_MS}. */
export async function createPowChallenge(
  keys: PowKeys,
  now = Date.now(),
): Promise<{ parameters: Record<string, unknown>; signature?: string }> {
  const challenge: Challenge = await createChallenge({
    algorithm: POW_ALGORITHM,
    cost: POW_COST,
    counter: randomInt(POW_COUNTER_MAX, POW_COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(now + POW_TTL_MS),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
  return { parameters: { ...challenge.parameters }, signature: challenge.signature };
}

/** A checked proof of work: the challenge's nonce (spent once) and when it expires. */
export interface VerifiedPow {
  nonce: string;
  expiresAt: Date;
}

/**
 * Checks the widget's payload (base64 of `{ challenge, solution }`): signature, expiry and
 * solution. Does not spend it: {@link spendChallengeSql} does, in the lead's transaction.
 * @returns the challenge to spend, or null for a missing, malformed, forged, expired or wrong one.
 */
export async function verifyPow(payload: string | undefined, keys: PowKeys): Promise<VerifiedPow | null> {
  if (!payload) return null;
  let parsed: { challenge?: Challenge; solution?: Solution };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const { challenge, solution } = parsed ?? {};
  const parameters = challenge?.parameters;
  if (
    !challenge ||
    typeof parameters?.nonce !== 'string' ||
    !/^[0-9a-f]{32}$/.test(parameters.nonce) ||
    typeof parameters.expiresAt !== 'number' ||
    parameters.algorithm !== POW_ALGORITHM ||
    typeof solution !== 'object' ||
    solution === null
  )
    return null;
  try {
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.keySignature,
    });
    if (!result.verified) return null;
  } catch {
    return null;
  }
  return { nonce: parameters.nonce, expiresAt: new Date(parameters.expiresAt * 1000) };
}

/**
 * The statement that marks a verified challenge as used, across every instance on the database:
 * it returns one row the first time, none for a replay. A form lead runs it as a `WITH` item of
 * the statement that stores the lead (contacts/create-contact.ts), so a rolled-back lead does not
 * spend the challenge.
 */
export function spendChallengeSql(pow: VerifiedPow): SQL {
  return sql`insert into spent_challenges (nonce, expires_at) values (${pow.nonce}, ${pow.expiresAt.toISOString()})
    on conflict (nonce) do nothing returning nonce`;
}
