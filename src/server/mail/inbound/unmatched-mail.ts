import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contactMessages, contacts, unmatchedMail } from '../../../db/schema/index.ts';
import type { UnmatchedMailList } from '../../../shared/unmatched-mail.ts';
import { notFound } from '../../domain-error.ts';

/**
 * The owner's 'Unmatched mail' (docs/decisions/033): list, attach to a contact, discard. Attaching
 * moves the message into the contact's thread as an imported reply (unread unless automatic) and
 * deletes the waiting row, in one transaction.
 */

const LIST_LIMIT = 50;

/** How many messages wait and the newest {@link LIST_LIMIT}, with the contact each claims. */
export async function listUnmatchedMail(db: Db): Promise<UnmatchedMailList> {
  const [total] = await db.select({ n: count() }).from(unmatchedMail);
  const rows = await db
    .select({
      id: unmatchedMail.id,
      contactId: unmatchedMail.contactId,
      contactName: contacts.name,
      fromAddress: unmatchedMail.fromAddress,
      subject: unmatchedMail.subject,
      text: sql<string>`left(coalesce(${unmatchedMail.textContent}, ''), 400)`,
      content: unmatchedMail.content,
      authentication: unmatchedMail.authentication,
      sentAt: unmatchedMail.sentAt,
    })
    .from(unmatchedMail)
    .innerJoin(contacts, eq(contacts.id, unmatchedMail.contactId))
    .orderBy(desc(unmatchedMail.sentAt), desc(unmatchedMail.id))
    .limit(LIST_LIMIT);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map(({ text, sentAt, ...r }) => ({
      ...r,
      snippet: text.replace(/\s+/g, ' ').trim().slice(0, 200),
      sentAt: sentAt.toISOString(),
    })),
  };
}

/**
 * Moves message `id` into contact `contactId`'s thread.
 * @returns the contact and the new thread row's id.
 * @throws DomainError `not-found` when the message or the contact does not exist.
 */
export async function attachUnmatchedMail(
  db: Db,
  id: number,
  contactId: number,
): Promise<{ contactId: number; messageId: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(unmatchedMail).where(eq(unmatchedMail.id, id)).for('update');
    if (!row) throw notFound('Message');
    const [contact] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId));
    if (!contact) throw notFound('Contact');
    const values = {
      contactId,
      sender: 'contact' as const,
      status: 'sent' as const,
      subject: row.subject,
      content: row.content,
      textContent: row.textContent,
      messageId: row.messageId,
      inReplyTo: row.inReplyTo,
      references: row.references,
      attachments: row.attachments,
      autoReply: row.autoReply,
      unread: false,
      source: row.source,
      sentAt: row.sentAt,
    };
    const inserted = await tx
      .insert(contactMessages)
      .values(values)
      .onConflictDoNothing({ target: contactMessages.messageId })
      .returning({ id: contactMessages.id });
    // Already in a thread (the same message imported again through an authenticated copy): keep that one.
    const [existing] = inserted.length
      ? inserted
      : await tx
          .select({ id: contactMessages.id })
          .from(contactMessages)
          .where(eq(contactMessages.messageId, row.messageId));
    if (inserted.length > 0 && !row.autoReply) {
      await tx
        .update(contacts)
        .set({ lastActivityAt: sql`greatest(${contacts.lastActivityAt}, ${row.sentAt})` })
        .where(eq(contacts.id, contactId));
    }
    await tx.delete(unmatchedMail).where(eq(unmatchedMail.id, id));
    return { contactId, messageId: existing!.id };
  });
}

/** Deletes message `id`. @throws DomainError `not-found` when it does not exist. */
export async function discardUnmatchedMail(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(unmatchedMail)
    .where(and(eq(unmatchedMail.id, id)))
    .returning({ id: unmatchedMail.id });
  if (deleted.length === 0) throw notFound('Message');
}
