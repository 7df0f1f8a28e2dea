import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clients, contacts } from '../../db/schema/index.ts';
import type { Client } from '../../shared/clients.ts';
import { toClient } from '../clients/to-client.ts';
import { conflict } from '../domain-error.ts';
import { findContact } from './find-contact.ts';

/**
 * 'Turn into Client' (docs/product.md §6.7): creates the client with `fromContactId` and sets the contact to
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
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        notes: contact.notes,
        fromContactId: contact.id,
      })
      .onConflictDoNothing({ target: clients.fromContactId })
      .returning();
    if (!row) throw conflict('This contact is already a client.');
    await tx.update(contacts).set({ status: 'converted' }).where(eq(contacts.id, contactId));
    return toClient(row);
  });
}
