import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { ContactMessage } from '../../shared/contacts.ts';
import { findContact } from './find-contact.ts';

/**
 * The stored email conversation of a contact, oldest first (docs/product.md §6.6). The contact's
 * original form message is not a stored message: screens show it first (docs/product.md §6.6).
 * @throws DomainError `not-found` 'Contact not found'.
 */
export async function listContactMessages(db: Db, contactId: number): Promise<ContactMessage[]> {
  await findContact(db, contactId);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.contactId, contactId))
    .orderBy(asc(contactMessages.sentAt), asc(contactMessages.id));
  return rows.map(toContactMessage);
}

export function toContactMessage(row: typeof contactMessages.$inferSelect): ContactMessage {
  return {
    id: row.id,
    contactId: row.contactId,
    sender: row.sender,
    subject: row.subject,
    content: row.content,
    campaignName: row.campaignName,
    sentAt: row.sentAt.toISOString(),
    autoReply: row.autoReply,
    unread: row.unread,
    attachments: row.attachments ?? [],
    source: row.source === 'imap' || row.source === 'gmail' ? row.source : null,
  };
}
