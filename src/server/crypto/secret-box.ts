import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption of short secrets with AES-256-GCM (node:crypto, NIST SP 800-38D):
 * a random 96-bit nonce per message, a 128-bit tag, and optional associated data (e.g. a row id)
 * so a ciphertext moved to another row does not decrypt. Format: `v1.<nonce>.<ciphertext+tag>`,
 * base64url parts.
 */

const VERSION = 'v1';

/** Encrypts `plaintext` under a 32-byte `key`. */
export function seal(key: Buffer, plaintext: string, associatedData = ''): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associatedData));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
}

/** Raised when a sealed value is malformed, tampered with, or sealed under another key. */
export class SecretBoxError extends Error {
  constructor() {
    super('The encrypted value could not be decrypted (wrong key or altered data).');
    this.name = 'SecretBoxError';
  }
}

/** Decrypts a value from `seal`. @throws SecretBoxError on any mismatch; never returns garbage. */
export function open(key: Buffer, sealed: string, associatedData = ''): string {
  const [version, nonceText, bodyText] = sealed.split('.');
  if (version !== VERSION || !nonceText || !bodyText) throw new SecretBoxError();
  const nonce = Buffer.from(nonceText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (nonce.length !== 12 || body.length < 16) throw new SecretBoxError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretBoxError();
  }
}

/** A purpose-specific 32-byte key from the app secret (HKDF-SHA256, RFC 5869). */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'agency-site', purpose, 32));
}
