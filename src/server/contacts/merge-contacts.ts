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
import { contactFields } from '../../shared/contact-fields.ts';
import type { Contact, StoredContactStatus } from '../../shared/contacts.ts';
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
 * - The fields follow their `merge` rule in `contactFields` (src/shared/contact-fields.ts): name
 *   and address stay the kept contact's; phone and company are the kept one's, else the
 *   duplicate's; notes are joined. Status is the further along of the two (new → contacted →
 *   qualified → converted); unsubscribed if either was; the latest activity counts.
 * - `anyAddress`: the addresses may differ (the contact detail's Edit found the new address on the
 *   kept contact and the owner chose to merge); the kept contact's address stays.
 * @throws DomainError `invalid` merging a contact into itself; `not-found` 'Contact not found'; `conflict` when the
 *   addresses differ (without `anyAddress`).
 */
export async function mergeContacts(
  db: Db,
  keepId: number,
  duplicateId: number,
  options: { anyAddress?: boolean } = {},
): Promise<Contact> {
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
    if (!options.anyAddress && keep.email.toLowerCase() !== duplicate.email.toLowerCase())
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
    const rank = (s: StoredContactStatus) => MERGE_RANK[s];
    const unsubscribed = [keep.unsubscribedAt, duplicate.unsubscribedAt].filter((d): d is Date => d !== null);
    const [merged] = await tx
      .update(contacts)
      .set({
        message: earlier.message,
        createdAt: earlier.createdAt,
        ...mergedFields(keep, duplicate),
        preferTextAndCall: keep.preferTextAndCall || duplicate.preferTextAndCall,
        ...(rank(duplicate.status) > rank(keep.status)
          ? {
              status: duplicate.status,
              lostReason: duplicate.lostReason,
              lostReasonText: duplicate.lostReasonText,
            }
          : {}),
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

type ContactRow = typeof contacts.$inferSelect;

/**
 * Which status a merge keeps: the further along of the two, where a lost deal ranks below every
 * open one (the person wrote again: the newer conversation counts) and spam below all.
 */
const MERGE_RANK: Record<StoredContactStatus, number> = {
  spam: -2,
  lost: -1,
  new: 0,
  contacted: 1,
  qualified: 2,
  converted: 3,
};

/** The merged values of the contact's fields, by each field's `merge` rule. */
function mergedFields(keep: ContactRow, duplicate: ContactRow): Partial<ContactRow> {
  const merged: Record<string, unknown> = {};
  for (const field of contactFields) {
    const kept = keep[field.key];
    const other = duplicate[field.key];
    if (field.merge === 'fill') merged[field.key] = isSet(kept) ? kept : other;
    else if (field.merge === 'join') {
      const parts = [kept, other].filter((v): v is string => typeof v === 'string' && isSet(v));
      merged[field.key] = parts.length > 0 ? parts.join('\n\n') : null;
    }
  }
  return merged as Partial<ContactRow>;
}

/** A field's value counts when it is a number or text that is not blank. */
function isSet(value: string | number | null): boolean {
  return typeof value === 'number' || Boolean(value?.trim());
}
