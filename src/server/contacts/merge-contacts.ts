import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  campaignRecipients,
  clients,
  contactMessages,
  contacts,
  contactTasks,
  unsubscribes,
} from '../../db/schema/index.ts';
import { type Contact, contactStatuses, type StoredContactStatus } from '../../shared/contacts.ts';
import { conflict, DomainError, notFound } from '../domain-error.ts';
import { formMessageHtml } from './form-message-html.ts';
import { toContact } from './to-contact.ts';

/**
 * Merges contact `duplicateId` into contact `keepId` (the contact detail's merge),
 * in one transaction; the duplicate is deleted at the end.
 * - Moved to the kept contact: messages, tags, tasks, campaign history (recipient rows),
 *   unsubscribe records, and the client link (when the kept contact has no client yet; otherwise
 *   the duplicate's client stays, unlinked).
 * - The earlier of the two form messages becomes the original message (with its time as the
 *   creation time); the later one joins the conversation as a message from the contact, so the
 *   thread stays in order.
 * - Name stays the kept contact's; phone is the kept one's, else the duplicate's; status is the
 *   further along of the two (new → contacted → qualified → converted); notes are joined;
 *   unsubscribed if either was; the latest activity counts.
 * @throws DomainError `invalid` merging a contact into itself; `not-found` 'Contact not found'; `conflict` when the
 *   addresses differ.
 */
export async function mergeContacts(db: Db, keepId: number, duplicateId: number): Promise<Contact> {
  if (keepId === duplicateId) throw new DomainError('invalid', 'A contact cannot be merged into itself.');
  return db.transaction(async (tx) => {
    // Locked in id order, so two merges of the same pair cannot deadlock.
    const locked = await tx
      .select()
      .from(contacts)
      .where(inArray(contacts.id, [keepId, duplicateId]))
      .orderBy(contacts.id)
      .for('update');
    const keep = locked.find((c) => c.id === keepId);
    const duplicate = locked.find((c) => c.id === duplicateId);
    if (!keep || !duplicate) throw notFound('Contact');
    if (keep.email.toLowerCase() !== duplicate.email.toLowerCase())
      throw conflict('Only contacts with the same email address can be merged.');

    const [earlier, later] = duplicate.createdAt < keep.createdAt ? [duplicate, keep] : [keep, duplicate];
    await tx.insert(contactMessages).values({
      contactId: keepId,
      sender: 'contact',
      content: formMessageHtml(later.message),
      sentAt: later.createdAt,
    });
    await tx
      .update(contactMessages)
      .set({ contactId: keepId })
      .where(eq(contactMessages.contactId, duplicateId));
    await tx.execute(sql`
      insert into contact_tags (contact_id, tag_id)
      select ${keepId}, tag_id from contact_tags where contact_id = ${duplicateId}
      on conflict do nothing`);
    await tx.update(contactTasks).set({ contactId: keepId }).where(eq(contactTasks.contactId, duplicateId));
    await tx
      .update(campaignRecipients)
      .set({ contactId: keepId })
      .where(eq(campaignRecipients.contactId, duplicateId));
    await tx.update(unsubscribes).set({ contactId: keepId }).where(eq(unsubscribes.contactId, duplicateId));
    const [keptClient] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.fromContactId, keepId));
    if (!keptClient) {
      await tx.update(clients).set({ fromContactId: keepId }).where(eq(clients.fromContactId, duplicateId));
    }
    await tx.delete(contacts).where(eq(contacts.id, duplicateId));

    // Spam ranks below every status the owner sets: merging keeps the owner's view of the person.
    const rank = (s: StoredContactStatus) => (s === 'spam' ? -1 : contactStatuses.indexOf(s));
    const notes = [keep.notes, duplicate.notes].filter((n): n is string => Boolean(n?.trim()));
    const unsubscribed = [keep.unsubscribedAt, duplicate.unsubscribedAt].filter((d): d is Date => d !== null);
    const [merged] = await tx
      .update(contacts)
      .set({
        message: earlier.message,
        createdAt: earlier.createdAt,
        phone: keep.phone ?? duplicate.phone,
        preferTextAndCall: keep.preferTextAndCall || duplicate.preferTextAndCall,
        status: rank(duplicate.status) > rank(keep.status) ? duplicate.status : keep.status,
        notes: notes.length > 0 ? notes.join('\n\n') : null,
        unsubscribedAt: unsubscribed.length > 0 ? new Date(Math.min(...unsubscribed.map(Number))) : null,
        lastActivityAt: new Date(Math.max(keep.lastActivityAt.getTime(), duplicate.lastActivityAt.getTime())),
        // The kept contact takes the address's place in the unique index unless another contact
        // with this address still holds it.
        legacyDuplicate: sql`exists (select 1 from contacts o where lower(o.email) = lower(${keep.email})
          and o.id <> ${keepId} and not o.legacy_duplicate)`,
      })
      .where(eq(contacts.id, keepId))
      .returning();
    return toContact(merged!);
  });
}
