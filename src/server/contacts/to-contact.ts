import type { contacts } from '../../db/schema/index.ts';
import type { Contact } from '../../shared/contacts.ts';

/** Maps a `contacts` row to the API shape of spec §3 (dates as ISO 8601 UTC strings). */
export function toContact(row: typeof contacts.$inferSelect): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    notes: row.notes,
    preferTextAndCall: row.preferTextAndCall,
    unsubscribed: row.unsubscribedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    bouncing: row.bouncingAt !== null,
    bounceReason: row.bounceReason,
  };
}
