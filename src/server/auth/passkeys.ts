import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys } from '../../db/schema/index.ts';

/**
 * The owner's stored passkeys (decision 024): credential ids, public keys and signature counters.
 * The WebAuthn ceremonies themselves are verified by @simplewebauthn/server.
 */

export interface StoredPasskey {
  id: number;
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[] | undefined;
  name: string;
}

function toStored(row: typeof passkeys.$inferSelect): StoredPasskey {
  return {
    id: row.id,
    credentialId: row.credentialId,
    publicKey: Uint8Array.from(Buffer.from(row.publicKey, 'base64url')),
    counter: row.counter,
    transports: row.transports ? (JSON.parse(row.transports) as string[]) : undefined,
    name: row.name,
  };
}

/** Every passkey, oldest first. */
export async function listPasskeys(db: Db) {
  return db.select().from(passkeys).orderBy(asc(passkeys.id));
}

/** The passkey with this WebAuthn credential id, or null. */
export async function findPasskey(db: Db, credentialId: string): Promise<StoredPasskey | null> {
  if (credentialId.length > 1500) return null;
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ? toStored(row) : null;
}

/** Stores a verified new passkey. @returns its row id. */
export async function addPasskey(
  db: Db,
  input: {
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports?: string[];
    name: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(passkeys)
    .values({
      credentialId: input.credentialId,
      publicKey: Buffer.from(input.publicKey).toString('base64url'),
      counter: input.counter,
      transports: input.transports ? JSON.stringify(input.transports) : null,
      name: input.name,
    })
    .returning({ id: passkeys.id });
  return row!.id;
}

/** A passkey as the Security screen lists it (`passkeySummarySchema`): no key material. */
export function toPasskeySummary(row: typeof passkeys.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Renames passkey `id`. @returns its summary, or null when there is no such passkey. */
export async function renamePasskey(db: Db, id: number, name: string) {
  const [row] = await db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning();
  return row ? toPasskeySummary(row) : null;
}

/** Removes passkey `id`. @returns its name, or null when there is no such passkey. */
export async function removePasskey(db: Db, id: number): Promise<string | null> {
  const [row] = await db.delete(passkeys).where(eq(passkeys.id, id)).returning({ name: passkeys.name });
  return row?.name ?? null;
}

/** Records a successful use: the new signature counter and the time. */
export async function touchPasskey(db: Db, id: number, counter: number): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, id));
}
