import type { contacts } from '../../db/schema/index.ts';
import { contactFieldValues } from '../../shared/contact-fields.ts';
import type { Contact, SpamReason, StoredLeadSource } from '../../shared/contacts.ts';

/** Maps a `contacts` row to the API shape of docs/product.md §6.1 (dates as ISO 8601 UTC strings). */
export function toContact(row: typeof contacts.$inferSelect): Contact {
  return {
    id: row.id,
    ...contactFieldValues(row),
    message: row.message,
    status: row.status,
    // One column holds both (decision 057): why a spam contact is held, or a lead's content signals.
    spamReasons: row.status === 'spam' ? (row.spamReasons as SpamReason[]) : [],
    possibleSpam: row.status === 'spam' ? [] : (row.spamReasons as SpamReason[]),
    source: toLeadSource(row),
    preferTextAndCall: row.preferTextAndCall,
    unsubscribed: row.unsubscribedAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    bouncing: row.bouncingAt !== null,
    bounceReason: row.bounceReason,
    origin: row.origin,
    importedAt: row.importedAt?.toISOString() ?? null,
    importFileName: row.importFileName,
    lostReason: row.lostReason,
    lostReasonText: row.lostReasonText,
    statusChangedAt: row.statusChangedAt.toISOString(),
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
