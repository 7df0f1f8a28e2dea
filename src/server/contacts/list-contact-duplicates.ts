import { and, asc, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { Contact } from '../../shared/contacts.ts';
import { findContact } from './find-contact.ts';
import { toContact } from './to-contact.ts';

/**
 * The other contacts with the same address as contact `id`, compared lower-cased, oldest first:
 * duplicates from before one contact per address was enforced (migration 0001), offered for a
 * merge on the contact detail (decision 019). Usually empty.
 * @throws DomainError `not-found` 'Contact not found'.
 */
export async function listContactDuplicates(db: Db, id: number): Promise<Contact[]> {
  const contact = await findContact(db, id);
  const rows = await db
    .select()
    .from(contacts)
    .where(and(sql`lower(${contacts.email}) = lower(${contact.email})`, ne(contacts.id, id)))
    .orderBy(asc(contacts.createdAt), asc(contacts.id));
  return rows.map(toContact);
}
