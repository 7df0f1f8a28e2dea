import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, contacts, unsubscribes } from '../../db/schema/index.ts';

/**
 * Unsubscribes the person a campaign recipient row was sent to (RFC 8058 one-click, or the
 * confirmation page): the address is recorded in `unsubscribes` and every contact with that
 * address is marked, so no later campaign reaches it. Doing it twice changes nothing.
 * @returns the address, or null when the recipient row no longer exists.
 */
export async function unsubscribeRecipient(db: Db, recipientId: number): Promise<string | null> {
  const [recipient] = await db
    .select()
    .from(campaignRecipients)
    .where(eq(campaignRecipients.id, recipientId));
  if (!recipient) return null;
  const [contact] = recipient.contactId
    ? await db.select({ email: contacts.email }).from(contacts).where(eq(contacts.id, recipient.contactId))
    : [];
  const email = contact?.email ?? recipient.email;
  // An erased contact's row names no one any more (docs/personal-data.md): nothing to record.
  if (!email) return null;
  await db.transaction(async (tx) => {
    await tx
      .insert(unsubscribes)
      .values({
        email: email.toLowerCase(),
        contactId: recipient.contactId,
        campaignId: recipient.campaignId,
      })
      .onConflictDoNothing();
    await tx
      .update(contacts)
      .set({ unsubscribedAt: sql`coalesce(${contacts.unsubscribedAt}, now())` })
      .where(sql`lower(${contacts.email}) = ${email.toLowerCase()}`);
  });
  return email;
}
