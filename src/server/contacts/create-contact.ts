import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { ParsedContactRequest } from '../../shared/contact.ts';
import { leadNotification } from '../mail/lead-notification.ts';
import { enqueueMail } from '../mail/mail-queue.ts';

/**
 * Stores a lead from the public form (spec §3 'Contact request') as a contact with status `new`,
 * and queues the owner's notification in the same transaction: the lead is committed before this
 * resolves (a 201 means it is saved), and a mail outage can only delay the notification.
 * @returns the new contact's id.
 */
export async function createContact(
  db: Db,
  request: ParsedContactRequest,
  notify: { to: string; adminUrl: string; siteName: string },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({
        name: request.name,
        email: request.email,
        phone: request.phone ?? null,
        message: request.message,
        preferTextAndCall: request.preferTextAndCall,
        // Someone who unsubscribed before stays unsubscribed when they write again.
        unsubscribedAt: sql`(select now() from unsubscribes u where lower(u.email) = lower(${request.email}) limit 1)`,
      })
      .returning({ id: contacts.id });
    if (!row) throw new Error('insert returned no row');
    await enqueueMail(tx as unknown as Db, leadNotification({ ...notify, contactId: row.id, lead: request }));
    return row;
  });
}
