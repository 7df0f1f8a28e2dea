import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { ParsedContactRequest } from '../../shared/contact.ts';
import { leadNotification } from '../mail/lead-notification.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import { formMessageHtml } from './form-message-html.ts';

/**
 * Stores a lead from the public form (spec §3 'Contact request') and queues the owner's
 * notification in the same transaction: the lead is committed before this resolves (a 201 means
 * it is saved), and a mail outage can only delay the notification.
 *
 * One contact per person (issue #11 §3): a new address (compared lower-cased) becomes a contact
 * with status `new`; an address that already has a contact adds the message to that contact's
 * conversation (sender `contact`, at the time of the submission), moves the contact back to the
 * top of the list (`last_activity_at`), fills in a phone number it lacked, and notifies the owner
 * of a returning lead. The contact's name, status and notes stay as the owner has them. One
 * INSERT … ON CONFLICT on the unique index of lower(email) decides, so parallel submissions from
 * one new address still end as one contact.
 * @returns the contact's id and whether it was created by this submission.
 */
export async function createContact(
  db: Db,
  request: ParsedContactRequest,
  notify: { to: string; adminUrl: string; siteName: string },
): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    // xmax is 0 only on a row version this statement inserted (PostgreSQL's documented way to
    // tell an insert from the update of ON CONFLICT DO UPDATE).
    const result = (await tx.execute(sql`
      insert into contacts (name, email, phone, message, prefer_text_and_call, unsubscribed_at)
      values (${request.name}, ${request.email}, ${request.phone ?? null}, ${request.message},
        ${request.preferTextAndCall},
        -- Someone who unsubscribed before stays unsubscribed when they write again.
        (select now() from unsubscribes u where lower(u.email) = lower(${request.email}) limit 1))
      on conflict (lower(email)) where not legacy_duplicate do update
        set last_activity_at = now(), updated_at = now(),
          phone = coalesce(contacts.phone, excluded.phone)
      returning id, (xmax = 0) as created`)) as unknown as { rows: { id: number; created: boolean }[] };
    const row = result.rows[0];
    if (!row) throw new Error('insert returned no row');
    const contact = { id: Number(row.id), created: row.created };
    if (!contact.created) {
      await tx
        .insert(contactMessages)
        .values({ contactId: contact.id, sender: 'contact', content: formMessageHtml(request.message) });
    }
    await enqueueMail(
      tx as unknown as Db,
      leadNotification({
        ...notify,
        contactId: contact.id,
        lead: request,
        ...(contact.created ? {} : { returning: true }),
      }),
    );
    return contact;
  });
}
