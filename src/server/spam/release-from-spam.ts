import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { Contact, ContactStatus, LostReason } from '../../shared/contacts.ts';
import { toContact } from '../contacts/to-contact.ts';
import { conflict, notFound } from '../domain-error.ts';
import { leadNotification } from '../mail/lead-notification.ts';
import { enqueueMail } from '../mail/mail-queue.ts';

/**
 * 'Not spam' (decision 037): moves a contact held as spam to `status` (`new` from the button; any
 * status the admin picks from the selector, `lost` with its reason), clears its spam reasons, brings it to the top of the
 * list and queues the owner's notification that quarantine held back, in one transaction.
 * @throws DomainError `not-found` 'Contact not found'; `conflict` when the contact is not held as spam.
 */
export async function releaseFromSpam(
  db: Db,
  id: number,
  notify: { to: string; adminUrl: string; siteName: string },
  status: ContactStatus = 'new',
  lost: { lostReason?: LostReason | null; lostReasonText?: string | null } = {},
): Promise<Contact> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contacts)
      .set({ status, ...lost, spamReasons: [], lastActivityAt: new Date() })
      .where(and(eq(contacts.id, id), eq(contacts.status, 'spam')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id));
      throw exists ? conflict('This contact is not in Spam.') : notFound('Contact');
    }
    await enqueueMail(
      tx as unknown as Db,
      leadNotification({
        ...notify,
        contactId: row.id,
        lead: {
          name: row.name,
          email: row.email,
          phone: row.phone ?? undefined,
          message: row.message,
          preferTextAndCall: row.preferTextAndCall,
        },
      }),
    );
    return toContact(row);
  });
}
