import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { ContactMessage, SendEmailRequest } from '../../shared/contacts.ts';
import { composeEmailBody } from '../../shared/email-body.ts';
import { DomainError } from '../domain-error.ts';
import type { Mailer } from '../mail/create-mailer.ts';
import { MailSendError } from '../mail/mail-provider.ts';
import { getMailSignature } from '../mail/mail-signature.ts';
import { DAILY_CAP_LOCK_KEY, remainingToday } from '../mail/mail-usage.ts';
import { newMessageId } from '../mail/message-id.ts';
import { findContact } from './find-contact.ts';
import { toContactMessage } from './list-contact-messages.ts';

/**
 * Emails a contact through the active provider and records it in the conversation (docs/product.md §6.6,
 * `POST …/send-email`). The message is recorded first (`pending`, which counts against the daily cap), then
 * handed to the provider, then marked `sent` (a database error can no longer follow
 * a delivered mail, and a mail in the provider's hands is always in the conversation and the cap).
 * A provider refusal deletes the record, so the conversation shows only what may have gone out.
 * The cap check and the record share one transaction under the cap's advisory lock, so two sends
 * cannot both take the last free slot; no transaction is held open during the send (it can take
 * seconds, and the embedded database serves one transaction at a time).
 * The body is what the owner typed (`format` text or HTML) with the signature from the settings
 * appended (src/shared/email-body.ts); the conversation keeps its HTML part.
 * Every email gets its Message-ID (on the sender's domain, `from`) before it is recorded, and with
 * `inReplyToId` answers that message of the thread (In-Reply-To, References).
 * @throws DomainError `not-found` 'Contact not found' or 'Message not found' (not in this thread); `too-many` at the daily cap (`dailyLimit` per rolling 24
 *   hours, shared with campaigns and notifications); 502 with the provider's message when sending fails.
 */
export async function sendContactEmail(
  db: Db,
  mailer: Pick<Mailer, 'send'>,
  dailyLimit: number,
  contactId: number,
  email: SendEmailRequest,
  from = 'localhost',
): Promise<ContactMessage> {
  const contact = await findContact(db, contactId);
  const thread = email.inReplyToId ? await threadOf(db, contactId, email.inReplyToId) : undefined;
  const messageId = newMessageId(from);
  const body = composeEmailBody(email, await getMailSignature(db));
  const recorded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DAILY_CAP_LOCK_KEY})`);
    if ((await remainingToday(tx as unknown as Db, dailyLimit)) <= 0) {
      throw new DomainError(
        'too-many',
        `Daily sending limit reached: ${dailyLimit.toLocaleString('en-US')} emails in the last 24 hours. Try again later.`,
      );
    }
    const [row] = await tx
      .insert(contactMessages)
      .values({
        contactId,
        sender: 'admin',
        status: 'pending',
        subject: email.subject,
        content: body.html,
        messageId,
        inReplyTo: thread?.inReplyTo,
        references: thread?.references,
      })
      .returning();
    return row!;
  });
  try {
    await mailer.send({
      to: { name: contact.name, address: contact.email },
      subject: email.subject,
      html: body.html,
      text: body.text,
      messageId,
      inReplyTo: thread?.inReplyTo,
      references: thread?.references,
    });
  } catch (error) {
    await db.delete(contactMessages).where(eq(contactMessages.id, recorded.id));
    if (error instanceof MailSendError) throw new DomainError('upstream-failed', error.message);
    throw error;
  }
  const [sent] = await db
    .update(contactMessages)
    .set({ status: 'sent', sentAt: new Date() })
    .where(eq(contactMessages.id, recorded.id))
    .returning();
  return toContactMessage(sent ?? recorded);
}

/**
 * In-Reply-To and References for an answer to message `messageId` of the contact's thread
 * (RFC 5322 §3.6.4: the parent's References, else its In-Reply-To, then the parent's own id).
 * @throws DomainError `not-found` 'Message not found' when it is not a message of this contact.
 */
async function threadOf(db: Db, contactId: number, messageId: number) {
  const [parent] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.id, messageId), eq(contactMessages.contactId, contactId)));
  if (!parent) throw new DomainError('not-found', 'Message not found');
  if (!parent.messageId) return undefined;
  const ancestors = parent.references?.length
    ? parent.references
    : parent.inReplyTo
      ? [parent.inReplyTo]
      : [];
  return { inReplyTo: parent.messageId, references: [...ancestors.slice(-20), parent.messageId] };
}
