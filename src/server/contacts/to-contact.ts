import type { contacts } from '../../db/schema/index.ts';
import type { Contact, StoredLeadSource } from '../../shared/contacts.ts';

/** Maps a `contacts` row to the API shape of docs/product.md §6.1 (dates as ISO 8601 UTC strings). */
export function toContact(row: typeof contacts.$inferSelect): Contact {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    spamReasons: row.spamReasons,
    source: toLeadSource(row),
    notes: row.notes,
    preferTextAndCall: row.preferTextAndCall,
    unsubscribed: row.unsubscribedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    bouncing: row.bouncingAt !== null,
    bounceReason: row.bounceReason,
    company: row.company,
    origin: row.origin,
  };
}

/** The row's first-touch source (decision 037), or null when nothing of it was recorded. */
function toLeadSource(row: typeof contacts.$inferSelect): StoredLeadSource | null {
  const source: StoredLeadSource = {
    referrerHost: row.sourceReferrerHost,
    utmSource: row.sourceUtmSource,
    utmMedium: row.sourceUtmMedium,
    utmCampaign: row.sourceUtmCampaign,
    utmTerm: row.sourceUtmTerm,
    utmContent: row.sourceUtmContent,
    landingPath: row.sourceLandingPath,
    firstSeenAt: row.sourceFirstSeenAt?.toISOString() ?? null,
    device: row.sourceDevice,
  };
  return Object.values(source).some((v) => v !== null) ? source : null;
}
