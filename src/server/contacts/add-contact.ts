import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactFields } from '../../shared/contact-fields.ts';
import type { ParsedContactCreate } from '../../shared/contacts.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { isUnsubscribedSql } from './address-hash.ts';

/**
 * Adds a contact by hand (Add Contact): origin `manual`, no message (the detail says 'Added by
 * hand'), the fields of `contactFields`, the given status and tags (unknown tag ids are ignored). One contact per
 * address holds (the unique index on lower(email)): an existing address, in any case, is refused.
 * An address on the unsubscribe list, or whose hash is (an erased contact's), starts unsubscribed.
 * @returns the new contact's id, or `existingId` when the address has a contact (nothing written).
 */
export async function addContact(
  db: Db,
  input: ParsedContactCreate,
  hashKey: Buffer,
): Promise<{ id: number } | { existingId: number }> {
  return db.transaction(async (tx) => {
    const inserted = resultRows<{ id: number }>(
      await tx.execute(sql`
        insert into contacts (${sql.join(
          contactFields.map((f) => sql.identifier(f.column)),
          sql`, `,
        )}, status, message, origin, unsubscribed_at)
        values (${sql.join(
          contactFields.map((f) => sql`${input[f.key]}`),
          sql`, `,
        )}, ${input.status}, '', 'manual',
          case when ${isUnsubscribedSql(hashKey, input.email)} then now() end)
        on conflict (lower(email)) where not legacy_duplicate do nothing
        returning id`),
    );
    const id = inserted[0]?.id;
    if (id === undefined) {
      const [existing] = resultRows<{ id: number }>(
        await tx.execute(sql`
          select id from contacts where lower(email) = lower(${input.email})
          order by legacy_duplicate, id limit 1`),
      );
      return { existingId: Number(existing?.id ?? 0) };
    }
    if (input.tagIds.length > 0) {
      await tx.execute(sql`
        insert into contact_tags (contact_id, tag_id)
        select ${Number(id)}, t.id from tags t
        where t.id in (select value::int from json_array_elements_text(${JSON.stringify(input.tagIds)}::json))
        on conflict do nothing`);
    }
    return { id: Number(id) };
  });
}
