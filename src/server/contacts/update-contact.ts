import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { Contact, ContactStatus } from '../../shared/contacts.ts';
import { notFound } from '../http-error.ts';
import { toContact } from './to-contact.ts';

/**
 * Sets a contact's status (spec §4: any of the four, directly) or notes (spec §7 PATCH).
 * @throws HttpError 404 'Contact not found'.
 */
export async function updateContact(
  db: Db,
  id: number,
  changes: { status?: ContactStatus; notes?: string | null },
): Promise<Contact> {
  const [row] = await db.update(contacts).set(changes).where(eq(contacts.id, id)).returning();
  if (!row) throw notFound('Contact');
  return toContact(row);
}
