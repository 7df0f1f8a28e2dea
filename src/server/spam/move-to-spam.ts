import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { Contact } from '../../shared/contacts.ts';
import { toContact } from '../contacts/to-contact.ts';
import { conflict, notFound } from '../domain-error.ts';

/**
 * 'Move to spam' (decision 057): the owner holds a contact as spam, typically a lead marked
 * 'Possible spam'. Its signals stay and `owner` joins them, so a later form submission from the
 * address does not release it (only 'Not spam' does). `last_activity_at` becomes now: the spam
 * retention's 30 days count from the move, so an old lead moved by mistake is not erased the
 * next morning. A converted contact is a client and is refused.
 * @throws DomainError `not-found` 'Contact not found'; `conflict` when already spam or converted.
 */
export async function moveToSpam(db: Db, id: number, now = new Date()): Promise<Contact> {
  const [row] = await db
    .update(contacts)
    .set({
      status: 'spam',
      spamReasons: sql`array_append(array_remove(${contacts.spamReasons}, 'owner'), 'owner')`,
      lastActivityAt: now,
      updatedAt: now,
    })
    .where(and(eq(contacts.id, id), notInArray(contacts.status, ['spam', 'converted'])))
    .returning();
  if (row) return toContact(row);
  const [current] = await db.select({ status: contacts.status }).from(contacts).where(eq(contacts.id, id));
  if (!current) throw notFound('Contact');
  throw conflict(
    current.status === 'spam'
      ? 'This contact is already in Spam.'
      : 'A converted contact is a client and cannot be moved to spam.',
  );
}
