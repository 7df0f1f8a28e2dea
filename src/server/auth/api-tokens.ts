import { createHash, randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { type ApiToken, type ApiTokenCreate, TOKEN_PREFIX, type TokenScope } from '../../shared/tokens.ts';
import { notFound } from '../domain-error.ts';

/**
 * Personal API tokens (decision 065). A token is `crm_` and 32 random bytes (base64url, from
 * node:crypto); the database keeps only its SHA-256, as for session cookies (decision 009), so the
 * token is shown once, when made.
 */

/** `last_used_at` is written at most this often per token, keeping writes off most calls. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toApiToken(row: typeof apiTokens.$inferSelect): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

/** Makes a token; the answer carries it this once. */
export async function createApiToken(db: Db, input: ApiTokenCreate): Promise<ApiToken & { token: string }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(token),
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    })
    .returning();
  return { ...toApiToken(row!), token };
}

/** Every token, newest first. */
export async function listApiTokens(db: Db): Promise<ApiToken[]> {
  const rows = await db.select().from(apiTokens).orderBy(desc(apiTokens.id));
  return rows.map(toApiToken);
}

/** Revokes (deletes) a token; its next call answers 401. @throws DomainError `not-found`. */
export async function revokeApiToken(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(apiTokens).where(eq(apiTokens.id, id)).returning({ id: apiTokens.id });
  if (!row) throw notFound('Token');
}

/** A live token as a request sees it. */
export interface TokenRecord {
  id: number;
  scope: TokenScope;
}

/**
 * The live token for `token`, or null when unknown, revoked or expired. Records the use (at most
 * once a minute). The lookup is by the hash's unique index, so timing tells nothing of the token.
 */
export async function findApiToken(db: Db, token: string, now = new Date()): Promise<TokenRecord | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .select({
      id: apiTokens.id,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt && row.expiresAt <= now) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  }
  return { id: row.id, scope: row.scope };
}
