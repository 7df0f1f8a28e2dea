import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  campaignRecipients,
  campaigns,
  clients,
  clientTasks,
  contactMessages,
  contactTags,
  contactTasks,
  tags,
  unmatchedMail,
  unsubscribes,
} from '../../db/schema/index.ts';
import { findContact } from './find-contact.ts';

/** Format of the file, so a reader of an old export knows what it holds (v2: every column, decision 058). */
export const CONTACT_EXPORT_FORMAT = 'agency-crm.contact-export.v2';

/** A row as the file holds it: every column, under its Drizzle name, dates as ISO 8601 UTC strings. */
function plain<T extends object>(
  row: T,
): { [K in keyof T]: T[K] extends Date | null ? string | null : T[K] } {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as never;
}

/**
 * Everything held about one person (GDPR Art. 15 access, Art. 20 portability), as one JSON
 * document: the contact row with every column (fields, how it came in and from which import,
 * first-touch source, spam reasons, consent, notes, unsubscribe and bounce state), every message
 * of the conversation, unmatched mail from the address, tasks, tags, campaign history (each
 * campaign's name and subject with this person's recipient row), the client record made from it
 * with its tasks, and the unsubscribe list entry. Rows are written whole, so a new column is in the
 * file without a change here; `tests/api/personal-data-export.test.ts` fails when a column that
 * docs/personal-data.md lists for a person's tables is missing.
 * @throws DomainError `not-found` 'Contact not found'.
 */
export async function exportContactData(db: Db, id: number, now = new Date()) {
  const contact = await findContact(db, id);
  const [messages, unmatched, tasks, tagRows, campaignRows, clientRows, unsubscribeRows] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contactId, id))
      .orderBy(asc(contactMessages.sentAt), asc(contactMessages.id)),
    db.select().from(unmatchedMail).where(eq(unmatchedMail.contactId, id)).orderBy(asc(unmatchedMail.id)),
    db.select().from(contactTasks).where(eq(contactTasks.contactId, id)).orderBy(asc(contactTasks.createdAt)),
    db
      .select({ name: tags.name, color: tags.color, addedAt: contactTags.createdAt })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contactTags.contactId, id))
      .orderBy(asc(tags.name)),
    db
      .select({ campaign: campaigns.name, subject: campaigns.subject, recipient: campaignRecipients })
      .from(campaignRecipients)
      .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
      .where(eq(campaignRecipients.contactId, id))
      .orderBy(asc(campaignRecipients.id)),
    db.select().from(clients).where(eq(clients.fromContactId, id)),
    db
      .select({ email: unsubscribes.email, unsubscribedAt: unsubscribes.createdAt })
      .from(unsubscribes)
      .where(sql`lower(${unsubscribes.email}) = lower(${contact.email})`),
  ]);
  const client = clientRows[0];
  const clientTaskRows = client
    ? await db
        .select()
        .from(clientTasks)
        .where(eq(clientTasks.clientId, client.id))
        .orderBy(asc(clientTasks.id))
    : [];
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    format: CONTACT_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    contact: plain(contact),
    messages: messages.map((m) => ({ ...plain(m), attachments: m.attachments ?? [] })),
    unmatchedMail: unmatched.map((m) => ({ ...plain(m), attachments: m.attachments ?? [] })),
    tasks: tasks.map(plain),
    tags: tagRows.map((t) => ({ name: t.name, color: t.color, addedAt: iso(t.addedAt) })),
    campaigns: campaignRows.map((c) => ({ campaign: c.campaign, subject: c.subject, ...plain(c.recipient) })),
    client: client ? { ...plain(client), tasks: clientTaskRows.map(plain) } : null,
    unsubscribe: unsubscribeRows[0]
      ? { email: unsubscribeRows[0].email, at: iso(unsubscribeRows[0].unsubscribedAt) }
      : null,
  };
}
