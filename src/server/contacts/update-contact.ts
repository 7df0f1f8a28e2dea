import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { Contact, ContactStatus } from '../../shared/contacts.ts';
import { notFound } from '../domain-error.ts';
import { releaseFromSpam } from '../spam/release-from-spam.ts';
import { toContact } from './to-contact.ts';

/**
 * Sets a contact's status (docs/product.md §6.3: any of the four, directly) or notes (docs/product.md §6.2).
 * A status set on a contact held as spam releases it as 'Not spam' does (decision 037; notification
 * queued): `notify` says where that goes.
 * @throws DomainError `not-found` 'Contact not found'.
 */
export async function updateContact(
  db: Db,
  id: number,
  changes: { status?: ContactStatus; notes?: string | null },
  notify?: { to: string; adminUrl: string; siteName: string },
): Promise<Contact> {
  if (changes.status && notify) {
    const [current] = await db.select({ status: contacts.status }).from(contacts).where(eq(contacts.id, id));
    if (current?.status === 'spam') return releaseFromSpam(db, id, notify, changes.status);
  }
  const [row] = await db.update(contacts).set(changes).where(eq(contacts.id, id)).returning();
  if (!row) throw notFound('Contact');
  return toContact(row);
}
