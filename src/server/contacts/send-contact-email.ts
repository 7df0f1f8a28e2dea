import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { ContactMessage, SendEmailRequest } from '../../shared/contacts.ts';
import { HttpError } from '../http-error.ts';
import type { Mailer } from '../mail/create-mailer.ts';
import { MailSendError } from '../mail/mail-provider.ts';
import { remainingToday } from '../mail/mail-usage.ts';
import { findContact } from './find-contact.ts';
import { toContactMessage } from './list-contact-messages.ts';

/**
 * Emails a contact through the active provider and records the message in the conversation
 * (spec §7 send-email). The message is recorded only after the provider accepted it, so a failed
 * send records nothing. No transaction is held open during the send: it can take seconds, and the
 * embedded database serves one transaction at a time. At the daily cap (`dailyLimit` per rolling
 * 24 hours, shared with campaigns and notifications) nothing is sent.
 * @throws HttpError 404 'Contact not found'; 429 at the daily cap; 502 with the provider's
 *   message when sending fails.
 */
export async function sendContactEmail(
  db: Db,
  mailer: Pick<Mailer, 'send'>,
  dailyLimit: number,
  contactId: number,
  email: SendEmailRequest,
): Promise<ContactMessage> {
  const contact = await findContact(db, contactId);
  if ((await remainingToday(db, dailyLimit)) <= 0) {
    throw new HttpError(
      429,
      `Daily sending limit reached: ${dailyLimit.toLocaleString('en-US')} emails in the last 24 hours. Try again later.`,
    );
  }
  try {
    await mailer.send({
      to: { name: contact.name, address: contact.email },
      subject: email.subject,
      html: email.content,
    });
  } catch (error) {
    if (error instanceof MailSendError) throw new HttpError(502, error.message);
    throw error;
  }
  const [row] = await db
    .insert(contactMessages)
    .values({ contactId, sender: 'admin', subject: email.subject, content: email.content })
    .returning();
  return toContactMessage(row!);
}
