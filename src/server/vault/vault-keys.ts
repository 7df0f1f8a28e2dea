import { randomBytes } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vaultKeys } from '../../db/schema/index.ts';
import { open, SecretBoxError, seal } from '../crypto/secret-box.ts';

/**
 * The credentials vault's key hierarchy (decision 012):
 * vault password ──Argon2id(salt, 64 MiB, 3 passes, 4 lanes)──► key-encryption key
 * ──AES-256-GCM──► wraps a random 256-bit data key ──AES-256-GCM──► each secret.
 * Neither the password nor a hash of it is stored: a wrong password simply fails to unwrap.
 * Changing the password re-wraps the data key; no secret is re-encrypted.
 */

export interface KdfParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Argon2id cost (RFC 9106 second recommended option is 64 MiB, t=3, p=4). */
export const DEFAULT_KDF: KdfParams = { memoryCost: 64 * 1024, timeCost: 3, parallelism: 4 };
const ROW_ID = 1;
/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, which `verbatimModuleSyntax` cannot import). */
const ARGON2ID = 2;
const WRAP_AAD = 'vault-data-key';

export class InvalidVaultPassword extends Error {
  constructor() {
    super('Invalid password');
    this.name = 'InvalidVaultPassword';
  }
}

async function deriveKek(password: string, salt: Buffer, params: KdfParams): Promise<Buffer> {
  return hashRaw(password, { algorithm: ARGON2ID, ...params, outputLen: 32, salt });
}

/** True once the vault has a wrapped data key. */
export async function isVaultInitialized(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: vaultKeys.id }).from(vaultKeys).where(eq(vaultKeys.id, ROW_ID));
  return Boolean(row);
}

/**
 * Creates the vault with `password` when it has none yet (first start). Safe to call on every
 * start and from several instances at once: the first insert wins, the others change nothing.
 */
export async function initVault(db: Db, password: string, params = DEFAULT_KDF): Promise<void> {
  if (await isVaultInitialized(db)) return;
  const salt = randomBytes(16);
  const dataKey = randomBytes(32);
  const kek = await deriveKek(password, salt, params);
  await db
    .insert(vaultKeys)
    .values({
      id: ROW_ID,
      kdf: 'argon2id',
      kdfParams: JSON.stringify(params),
      salt: salt.toString('base64'),
      wrappedKey: seal(kek, dataKey.toString('base64'), WRAP_AAD),
    })
    .onConflictDoNothing();
}

/**
 * Unwraps the data key with `password`.
 * @throws InvalidVaultPassword when the password is wrong; Error when the vault is not set up.
 */
export async function unlockVault(db: Db, password: string): Promise<Buffer> {
  const [row] = await db.select().from(vaultKeys).where(eq(vaultKeys.id, ROW_ID));
  if (!row) throw new Error('The vault is not set up');
  const kek = await deriveKek(password, Buffer.from(row.salt, 'base64'), JSON.parse(row.kdfParams));
  try {
    return Buffer.from(open(kek, row.wrappedKey, WRAP_AAD), 'base64');
  } catch (error) {
    if (error instanceof SecretBoxError) throw new InvalidVaultPassword();
    throw error;
  }
}

/**
 * Re-wraps the data key under `newPassword` (new salt, current KDF cost). Every stored secret stays
 * readable with the new password; the old one stops working.
 * @throws InvalidVaultPassword when `oldPassword` is wrong.
 */
export async function changeVaultPassword(
  db: Db,
  oldPassword: string,
  newPassword: string,
  params = DEFAULT_KDF,
): Promise<void> {
  const dataKey = await unlockVault(db, oldPassword);
  const salt = randomBytes(16);
  const kek = await deriveKek(newPassword, salt, params);
  await db
    .update(vaultKeys)
    .set({
      kdfParams: JSON.stringify(params),
      salt: salt.toString('base64'),
      wrappedKey: seal(kek, dataKey.toString('base64'), WRAP_AAD),
    })
    .where(eq(vaultKeys.id, ROW_ID));
}
