import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { conflict } from '../domain-error.ts';
import { findPasskey, listPasskeys, type StoredPasskey, touchPasskey } from './passkeys.ts';
import { relyingParty } from './second-factor.ts';

/**
 * The WebAuthn ceremonies of the owner's passkeys (decision 024), verified by
 * @simplewebauthn/server: options for registration and authentication, and the verification of
 * the browser's answers against the relying party taken from APP_URL (never a request header).
 * The routes keep the challenges and cookies; nothing here knows HTTP.
 *
 * The library (about 6 MB of heap) loads on the first passkey request, not at start: most owners
 * use it a few times a year (idle memory).
 */
const webAuthn = () => import('@simplewebauthn/server');

/** What the ceremonies need of the app: its database, a logger for refused answers. */
interface PasskeyContext {
  db: Db;
  log: FastifyBaseLogger;
}

/** The relying party: RP ID (a host name) and the expected origin. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/**
 * The relying party of `publicUrl`. @throws DomainError `conflict` when APP_URL's host is an IP
 * address, which WebAuthn does not accept as an RP ID (TOTP still works).
 */
export function requireRelyingParty(publicUrl: string): RelyingParty {
  const rp = relyingParty(publicUrl);
  if (!rp) {
    throw conflict(
      'Passkeys need APP_URL with a domain name (WebAuthn does not accept an IP address). Use an authenticator app instead.',
    );
  }
  return rp;
}

/**
 * Verifies a passkey assertion against `challenge` and records the key's new signature counter.
 * @returns the passkey used, or null when the answer does not verify (unknown key, wrong origin or
 * RP ID, bad signature, no user verification when `requireUserVerification`).
 */
export async function verifyPasskeyAssertion(
  app: PasskeyContext & { config: { publicUrl: string } },
  response: AuthenticationResponseJSON,
  challenge: string,
  requireUserVerification: boolean,
): Promise<StoredPasskey | null> {
  const rp = requireRelyingParty(app.config.publicUrl);
  const stored = await findPasskey(app.db, response.id);
  if (!stored) return null;
  try {
    const result = await (await webAuthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: stored.credentialId,
        publicKey: stored.publicKey,
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification,
    });
    if (!result.verified) return null;
    await touchPasskey(app.db, stored.id, result.authenticationInfo.newCounter);
    return stored;
  } catch (error) {
    app.log.info({ err: error }, 'passkey assertion refused');
    return null;
  }
}

/**
 * WebAuthn authentication options. `listCredentials`: name the owner's credential ids in
 * `allowCredentials` (after the password, or in a session); false for an anonymous visitor, who
 * gets discoverable-credential options (empty `allowCredentials`: the authenticator offers the
 * passkeys it holds for this RP ID), so no credential id leaks to whoever asks.
 * @throws DomainError `conflict` when no passkey is set up (or APP_URL has no domain name).
 */
export async function passkeyAuthenticationOptions(
  app: PasskeyContext & { config: { publicUrl: string } },
  userVerification: 'required' | 'preferred',
  listCredentials: boolean,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = requireRelyingParty(app.config.publicUrl);
  const keys = await listPasskeys(app.db);
  if (keys.length === 0) throw conflict('No passkey is set up. Sign in with your password.');
  return (await webAuthn()).generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification,
    allowCredentials: listCredentials
      ? keys.map((k) => ({
          id: k.credentialId,
          transports: k.transports ? (JSON.parse(k.transports) as string[]) : undefined,
        }))
      : [],
  });
}

/**
 * WebAuthn registration options for a new passkey of the owner: a discoverable credential, no
 * attestation, the keys already added excluded.
 */
export async function passkeyRegistrationOptions(
  app: PasskeyContext,
  rp: RelyingParty,
  user: { rpName: string; userName: string; userId: Uint8Array<ArrayBuffer> },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const keys = await listPasskeys(app.db);
  return (await webAuthn()).generateRegistrationOptions({
    rpName: user.rpName,
    rpID: rp.rpID,
    userName: user.userName,
    userID: user.userId,
    attestationType: 'none',
    excludeCredentials: keys.map((k) => ({ id: k.credentialId })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/**
 * Verifies the browser's answer to registration options against `challenge`.
 * @returns the new credential, or undefined when it does not verify (logged at info).
 */
export async function verifyPasskeyRegistration(
  log: FastifyBaseLogger,
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<VerifiedRegistrationResponse['registrationInfo']> {
  try {
    const result = await (await webAuthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    return result.verified ? result.registrationInfo : undefined;
  } catch (error) {
    log.info({ err: error }, 'passkey registration refused');
    return undefined;
  }
}
