import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { contactFields } from '../../shared/contact-fields.ts';
import type { Contact, ParsedContactUpdate } from '../../shared/contacts.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { notFound } from '../domain-error.ts';
import { releaseFromSpam } from '../spam/release-from-spam.ts';
import { queueWebhookEvent } from '../webhooks/queue-event.ts';
import { isUnsubscribedSql } from './address-hash.ts';
import { toContact } from './to-contact.ts';

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Changes a contact: its fields (`contactFields`: name, email, phone, company, notes, deal value,
 * expected close; the contact detail's Edit, notes and deal cards), its status (docs/product.md
 * §6.3: any, directly; `lost` with its reason, decision 063), or both; keys left out are left
 * alone. Triggers stamp the status's time and record the change (migration 0022). A status set on a contact held as spam releases it as 'Not
 * spam' does (decision 037; notification queued): `notify` says where that goes.
 *
 * A new address must not belong to another contact (one contact per address, any letter case:
 * decision 019): then nothing is written and the other contact's id comes back, for the 409 and the
 * offer to merge. The unique index on lower(email) decides under a race too. With a new address
 * the bounce state of the old one is cleared, and an address on the unsubscribe list (or whose
 * hash is, for an erased person: `hashKey`) makes the contact unsubscribed; an unsubscribed contact
 * stays so. The search's copy (`contact_search`, decision 050) follows by trigger.
 * @returns the contact, or `existingId` when the address belongs to another contact.
 * @throws DomainError `not-found` 'Contact not found'.
 */
export async function updateContact(
  db: Db,
  id: number,
  changes: ParsedContactUpdate,
  options: { notify?: { to: string; adminUrl: string; siteName: string }; hashKey?: Buffer } = {},
): Promise<Contact | { existingId: number }> {
  const { status, lostReason, lostReasonText, ...fieldChanges } = changes;
  const set: Record<string, unknown> = {};
  for (const field of contactFields) {
    if (field.key in fieldChanges) set[field.key] = fieldChanges[field.key];
  }
  // The reason goes with the status (the schema pairs them); a trigger records the change.
  const lost = status ? { lostReason: lostReason ?? null, lostReasonText: lostReasonText || null } : {};
  let release = false;
  if (status && options.notify) {
    const [current] = await db.select({ status: contacts.status }).from(contacts).where(eq(contacts.id, id));
    if (current?.status === 'spam') release = true;
    else Object.assign(set, { status, ...lost });
  } else if (status) Object.assign(set, { status, ...lost });
  // The fields first: a refused address (409) must leave everything as it was, the spam release too.
  let updated: Contact | undefined;
  if (Object.keys(set).length > 0) {
    const result = await writeFields(db, id, set, options.hashKey, options.notify?.adminUrl);
    if ('existingId' in result) return result;
    updated = result;
  }
  if (release && status && options.notify) return releaseFromSpam(db, id, options.notify, status, lost);
  if (updated) return updated;
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  if (!row) throw notFound('Contact');
  return toContact(row);
}

/** Writes `set` to the contact in one transaction; @returns the contact, or the other contact's id for a taken address. */
async function writeFields(
  db: Db,
  id: number,
  set: Record<string, unknown>,
  hashKey: Buffer | undefined,
  adminUrl?: string,
): Promise<Contact | { existingId: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(contacts).where(eq(contacts.id, id)).for('update');
      if (!current) throw notFound('Contact');
      const email = typeof set.email === 'string' ? set.email : undefined;
      if (email !== undefined && email.toLowerCase() !== current.email.toLowerCase()) {
        const existing = await otherContactWith(tx as unknown as Db, email, id);
        if (existing !== null) return { existingId: existing };
        set.bouncingAt = null;
        set.bounceReason = null;
        // The address is free now, so this contact holds it in the unique index.
        set.legacyDuplicate = false;
        if (current.unsubscribedAt === null && hashKey)
          set.unsubscribedAt = sql`case when ${isUnsubscribedSql(hashKey, email)} then now() end`;
      }
      const [row] = await tx
        .update(contacts)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(contacts.id, id))
        .returning();
      if (row!.status !== current.status) {
        await queueWebhookEvent(
          tx as unknown as Db,
          'contact.status_changed',
          {
            id,
            name: row!.name,
            email: row!.email,
            status: row!.status,
            previousStatus: current.status,
            ...(adminUrl ? { url: `${adminUrl}/admin/contacts/${id}` } : {}),
          },
          id,
        );
      }
      return toContact(row!);
    });
  } catch (error) {
    // Another contact took the address between the check and the update.
    if (typeof set.email === 'string' && errorCode(error) === UNIQUE_VIOLATION) {
      const existing = await otherContactWith(db, set.email, id);
      if (existing !== null) return { existingId: existing };
    }
    throw error;
  }
}

/** The contact other than `id` that has `email` (any case; the one in the unique index first), or null. */
async function otherContactWith(db: Db, email: string, id: number): Promise<number | null> {
  const [row] = resultRows<{ id: number }>(
    await db.execute(sql`
      select id from contacts where lower(email) = lower(${email}) and id <> ${id}
      order by legacy_duplicate, id limit 1`),
  );
  return row ? Number(row.id) : null;
}

/** The SQLSTATE of a database error (node-postgres and PGlite; drizzle may wrap it as `cause`). */
function errorCode(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
