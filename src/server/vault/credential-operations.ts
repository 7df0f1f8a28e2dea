import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { credentials } from '../../db/schema/index.ts';
import type { Credential, CredentialInput } from '../../shared/credentials.ts';
import { open, SecretBoxError, seal } from '../crypto/secret-box.ts';
import { DomainError, notFound } from '../domain-error.ts';

/**
 * Credentials CRUD with every secret field sealed under the vault's data key (AES-256-GCM, the
 * row id and field name as associated data, so a ciphertext copied to another row or column does
 * not decrypt). The company name stays in clear so the list can be sorted and searched.
 */

const SECRET_FIELDS = ['email', 'password', 'connectors', 'notes'] as const;
type SecretField = (typeof SECRET_FIELDS)[number];
const column = {
  email: 'emailEnc',
  password: 'passwordEnc',
  connectors: 'connectorsEnc',
  notes: 'notesEnc',
} as const;

const aad = (id: number, field: SecretField) => `credential:${id}:${field}`;

function sealFields(key: Buffer, id: number, input: Partial<CredentialInput>) {
  const values: Partial<Record<(typeof column)[SecretField], string | null>> = {};
  for (const field of SECRET_FIELDS) {
    if (!(field in input)) continue;
    const value = input[field];
    values[column[field]] = value ? seal(key, value, aad(id, field)) : null;
  }
  return values;
}

function toCredential(key: Buffer, row: typeof credentials.$inferSelect): Credential {
  const read = (field: SecretField) => {
    const sealed = row[column[field]];
    if (!sealed) return null;
    try {
      return open(key, sealed, aad(row.id, field));
    } catch (error) {
      if (error instanceof SecretBoxError) {
        throw new DomainError(
          'corrupt',
          `The stored ${field} of credential ${row.id} could not be decrypted: it was altered.`,
        );
      }
      throw error;
    }
  };
  return {
    id: row.id,
    companyName: row.companyName,
    email: read('email'),
    password: read('password'),
    connectors: read('connectors'),
    notes: read('notes'),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every credential, by company name. */
export async function listCredentials(db: Db, key: Buffer): Promise<Credential[]> {
  const rows = await db
    .select()
    .from(credentials)
    .orderBy(asc(sql`lower(${credentials.companyName})`), asc(credentials.id));
  return rows.map((row) => toCredential(key, row));
}

/** One credential. @throws DomainError `not-found` 'Credential not found'. */
export async function getCredential(db: Db, key: Buffer, id: number): Promise<Credential> {
  const [row] = await db.select().from(credentials).where(eq(credentials.id, id));
  if (!row) throw notFound('Credential');
  return toCredential(key, row);
}

/** Stores a credential; the id is taken first so the secrets can be bound to it in one insert. */
export async function createCredential(db: Db, key: Buffer, input: CredentialInput): Promise<Credential> {
  // Both drivers answer `{ rows }`; the shared Db type leaves raw results untyped.
  const next = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('credentials', 'id'))::int as id`,
  )) as unknown as { rows: { id: number }[] };
  const id = Number(next.rows[0]!.id);
  const [row] = await db
    .insert(credentials)
    .values({ id, companyName: input.companyName, ...sealFields(key, id, input) })
    .returning();
  return toCredential(key, row!);
}

/** Changes the given fields and keeps the others (docs/product.md §9.1). @throws DomainError `not-found`. */
export async function updateCredential(
  db: Db,
  key: Buffer,
  id: number,
  input: Partial<CredentialInput>,
): Promise<Credential> {
  const changes = {
    ...(input.companyName === undefined ? {} : { companyName: input.companyName }),
    ...sealFields(key, id, input),
    updatedAt: new Date(),
  };
  const [row] = await db.update(credentials).set(changes).where(eq(credentials.id, id)).returning();
  if (!row) throw notFound('Credential');
  return toCredential(key, row);
}

/** Deletes a credential. @throws DomainError `not-found`. */
export async function deleteCredential(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(credentials).where(eq(credentials.id, id)).returning({ id: credentials.id });
  if (!row) throw notFound('Credential');
}
