import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mailConnections } from '../../../db/schema/index.ts';
import { open, seal } from '../../crypto/secret-box.ts';

/**
 * The one Gmail Workspace connection (decision 010). The refresh token is stored
 * sealed with AES-256-GCM under a key derived from the app secret, bound to the account's address,
 * so a database dump shows no token.
 */

export interface GmailConnection {
  id: number;
  email: string;
  status: 'connected' | 'revoked';
  statusReason: string | null;
  connectedAt: Date;
  /** Granted scopes; null for a connection made before replies were read (send only). */
  scopes: string | null;
}

/** Replaces any previous connection with this account, its refresh token and granted scopes. */
export async function saveGmailConnection(
  db: Db,
  key: Buffer,
  email: string,
  refreshToken: string,
  scopes: string | null = null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(mailConnections);
    await tx.insert(mailConnections).values({
      provider: 'gmail',
      email,
      refreshTokenEnc: seal(key, refreshToken, `gmail:${email}`),
      scopes,
    });
  });
}

/** The current connection (connected or revoked), or null when Gmail was never connected. */
export async function getGmailConnection(db: Db): Promise<GmailConnection | null> {
  const [row] = await db.select().from(mailConnections).orderBy(desc(mailConnections.id)).limit(1);
  return row
    ? {
        id: row.id,
        email: row.email,
        status: row.status,
        statusReason: row.statusReason,
        connectedAt: row.createdAt,
        scopes: row.scopes,
      }
    : null;
}

/** The decrypted refresh token of a connection. @throws SecretBoxError when the app secret changed. */
export async function readRefreshToken(db: Db, key: Buffer, id: number): Promise<string> {
  const [row] = await db.select().from(mailConnections).where(eq(mailConnections.id, id));
  if (!row) throw new Error('Gmail connection not found');
  return open(key, row.refreshTokenEnc, `gmail:${row.email}`);
}

/** Marks a connection unusable (Google refused its grant), with the reason shown on the setup page. */
export async function markGmailRevoked(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(mailConnections)
    .set({ status: 'revoked', statusReason: reason })
    .where(eq(mailConnections.id, id));
}
