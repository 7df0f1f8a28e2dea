import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common.ts';

/**
 * The vault's key material (decision 012): one row holding the random data key
 * wrapped by a key derived from the vault password. Neither the password nor a hash of it is stored.
 */
export const vaultKeys = pgTable('vault_keys', {
  id: integer('id').primaryKey(),
  kdf: text('kdf').notNull(),
  kdfParams: text('kdf_params').notNull(),
  salt: text('salt').notNull(),
  wrappedKey: text('wrapped_key').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Company credentials (docs/product.md §9.1); every secret column holds AES-256-GCM ciphertext. */
export const credentials = pgTable('credentials', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull(),
  emailEnc: text('email_enc'),
  passwordEnc: text('password_enc'),
  connectorsEnc: text('connectors_enc'),
  notesEnc: text('notes_enc'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
