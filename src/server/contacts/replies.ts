import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages, contacts } from '../../db/schema/index.ts';
import type { RecentReplies } from '../../shared/replies.ts';
import { findContact } from './find-contact.ts';

/**
 * Unread imported replies (decision 023): counted on the dashboard ('New replies', the latest five),
 * marked in the contacts list, cleared when the admin opens the contact. Automatic replies are
 * stored read, so they never count.
 */

/** The number of unread replies and the latest `limit` of them, newest first. */
export async function recentReplies(db: Db, limit = 5): Promise<RecentReplies> {
  const [total] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.unread, true));
  const latest = await db
    .select({
      id: contactMessages.id,
      contactId: contactMessages.contactId,
      contactName: contacts.name,
      subject: contactMessages.subject,
      text: contactMessages.textContent,
      sentAt: contactMessages.sentAt,
    })
    .from(contactMessages)
    .innerJoin(contacts, eq(contacts.id, contactMessages.contactId))
    .where(eq(contactMessages.unread, true))
    .orderBy(desc(contactMessages.sentAt), desc(contactMessages.id))
    .limit(limit);
  return {
    unread: Number(total?.n ?? 0),
    latest: latest.map((r) => ({
      id: r.id,
      contactId: r.contactId,
      contactName: r.contactName,
      subject: r.subject,
      snippet: (r.text ?? '').replace(/\s+/g, ' ').trim().slice(0, 160),
      sentAt: r.sentAt.toISOString(),
    })),
  };
}

/** Marks every reply of a contact read. @returns how many were unread. @throws DomainError `not-found`. */
export async function markContactRead(db: Db, contactId: number): Promise<number> {
  await findContact(db, contactId);
  const rows = await db
    .update(contactMessages)
    .set({ unread: false })
    .where(and(eq(contactMessages.contactId, contactId), eq(contactMessages.unread, true)))
    .returning({ id: contactMessages.id });
  return rows.length;
}
