import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, contacts } from '../../db/schema/index.ts';
import type { Client } from '../../shared/clients.ts';
import { contactFields } from '../../shared/contact-fields.ts';
import { clientEventData } from '../clients/client-operations.ts';
import { toClient } from '../clients/to-client.ts';
import { conflict } from '../domain-error.ts';
import { queueWebhookEvent } from '../webhooks/queue-event.ts';
import { findContact } from './find-contact.ts';

/**
 * 'Turn into Client' (docs/product.md §6.7): creates the client with `fromContactId` and the contact's
 * fields that `contactFields` marks `client` (name, email, phone, company, notes), and sets the contact to
 * `converted`, in one transaction. Idempotent: a contact that already has a client gets 409 and
 * nothing is created (the unique index on `from_contact_id` holds even under a race).
 * @throws DomainError `not-found` 'Contact not found'; `conflict` when already converted.
 */
export async function convertContactToClient(db: Db, contactId: number): Promise<Client> {
  const contact = await findContact(db, contactId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({
        // The fields `contactFields` marks `client` (name, email, phone, company, notes).
        ...(Object.fromEntries(
          contactFields.filter((f) => f.client).map((f) => [f.key, contact[f.key]]),
        ) as Pick<typeof clients.$inferInsert, 'name' | 'email' | 'phone' | 'company' | 'notes'>),
        name: contact.name,
        fromContactId: contact.id,
      })
      .onConflictDoNothing({ target: clients.fromContactId })
      .returning();
    if (!row) throw conflict('This contact is already a client.');
    await tx.update(contacts).set({ status: 'converted' }).where(eq(contacts.id, contactId));
    const client = toClient(row);
    await queueWebhookEvent(tx as unknown as Db, 'client.created', clientEventData(client), contact.id);
    if (contact.status !== 'converted') {
      await queueWebhookEvent(
        tx as unknown as Db,
        'contact.status_changed',
        {
          id: contact.id,
          name: contact.name,
          email: contact.email,
          status: 'converted',
          previousStatus: contact.status,
        },
        contact.id,
      );
    }
    return client;
  });
}
