import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { ContactMessage, SendEmailRequest } from '../../shared/contacts.ts';
import { HttpError } from '../http-error.ts';
import type { Mailer } from '../mail/create-mailer.ts';
import { MailSendError } from '../mail/mail-provider.ts';
import { findContact } from './find-contact.ts';
import { toContactMessage } from './list-contact-messages.ts';

/**
 * Emails a contact through the active provider and records the message in the conversation
 * (spec §7 send-email). The message is recorded only after the provider accepted it, so a failed
 * send records nothing. No transaction is held open during the send: it can take seconds, and the
 * embedded database serves one transaction at a time.
 * @throws HttpError 404 'Contact not found'; 502 with the provider's message when sending fails.
 */
export async function sendContactEmail(
  db: Db,
  mailer: Pick<Mailer, 'send'>,
  contactId: number,
  email: SendEmailRequest,
): Promise<ContactMessage> {
  const contact = await findContact(db, contactId);
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
