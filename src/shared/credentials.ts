import { z } from 'zod';
import { rowId } from './ids.ts';

/** A stored credential, decrypted for the unlocked vault (docs/product.md §9.1). */
export const credentialSchema = z
  .object({
    id: rowId,
    companyName: z.string(),
    email: z.string().nullable(),
    password: z.string().nullable(),
    connectors: z.string().nullable(),
    notes: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Credential' });
export type Credential = z.infer<typeof credentialSchema>;

const optional = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .optional()
    .nullable()
    .transform((v) => (v?.trim() ? v : null));

/**
 * POST /api/admin/credentials (docs/product.md §9.1: company name required, 'Company name is required'; other
 * fields optional, and the screens omit empty ones from the payload).
 */
export const credentialCreateSchema = z.object({
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(200, 'Company name must be at most 200 characters.'),
  email: optional(500, 'Email'),
  password: optional(2000, 'Password'),
  connectors: optional(20_000, 'Connectors'),
  notes: optional(20_000, 'Notes'),
});
export type CredentialInput = z.output<typeof credentialCreateSchema>;
/** What `POST /api/admin/credentials` takes: an absent optional field is stored as none. */
export type CredentialCreate = z.input<typeof credentialCreateSchema>;

/** PATCH /api/admin/credentials/{id}: the same fields, each optional; absent fields are kept. */
export const credentialUpdateSchema = credentialCreateSchema.partial();

/** The header every credentials call carries (docs/product.md §9.2). */
export const VAULT_PASSWORD_HEADER = 'x-credentials-password';

/** The vault password of demo mode (docs/product.md §9.1), printed at start-up and written in the README. */
export const DEMO_VAULT_PASSWORD = 'demo-vault';
