import { z } from 'zod';
import { isoDateTime } from './datetime.ts';
import { rowId } from './ids.ts';

/** What a personal API token may do (decision 065): 'read' calls GET only, 'write' every method. */
export const tokenScopes = ['read', 'write'] as const;
export type TokenScope = (typeof tokenScopes)[number];
/** The scope's label in the admin (the spec's words). */
export const tokenScopeLabels: Record<TokenScope, string> = { read: 'Read', write: 'Read and write' };

/** Every token starts with this, so secret scanners and people can tell what it is. */
export const TOKEN_PREFIX = 'crm_';

/** A token as listed: never the token itself (only its hash is stored). */
export const apiTokenSchema = z
  .object({
    id: rowId,
    name: z.string(),
    scope: z.enum(tokenScopes),
    createdAt: z.string().describe('ISO 8601.'),
    expiresAt: z.string().nullable().describe('ISO 8601; null: never expires.'),
    lastUsedAt: z.string().nullable().describe('ISO 8601, to the minute; null: never used.'),
  })
  .meta({ id: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST /api/admin/tokens. `expiresAt` in the future, or absent/null for a token that never expires. */
export const apiTokenCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name must be at most 80 characters.'),
  scope: z.enum(tokenScopes, { error: "Scope must be 'read' or 'write'." }),
  expiresAt: isoDateTime('Expiry')
    .refine((v) => Date.parse(v) > Date.now(), 'Expiry must be in the future.')
    .nullish(),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** The answer of POST /api/admin/tokens: the token, shown this once. */
export const apiTokenCreatedSchema = apiTokenSchema
  .extend({ token: z.string().describe('The token, shown this once: `Authorization: Bearer <token>`.') })
  .meta({ id: 'ApiTokenCreated' });
