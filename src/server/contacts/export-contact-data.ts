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
  unsubscribes,
} from '../../db/schema/index.ts';
import { findContact } from './find-contact.ts';

/** Format of the file, so a reader of an old export knows what it holds. */
export const CONTACT_EXPORT_FORMAT = 'agency-crm.contact-export.v1';

/**
 * Everything held about one person (GDPR Art. 15 access, Art. 20 portability), as one JSON
 * document: the contact row (with how it came in, consent, notes, unsubscribe and bounce state),
 * every message of the conversation, tasks, tags, campaign history (each campaign's name,
 * subject and what happened to this person's email), the client record made from it with its
 * tasks, and the unsubscribe list entry. Dates are ISO 8601 UTC strings. The places come from
 * docs/personal-data.md: a new column there belongs here too.
 * @throws DomainError `not-found` 'Contact not found'.
 */
export async function exportContactData(db: Db, id: number, now = new Date()) {
  const contact = await findContact(db, id);
  const [messages, tasks, tagRows, campaignRows, clientRows, unsubscribeRows] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contactId, id))
      .orderBy(asc(contactMessages.sentAt)),
    db.select().from(contactTasks).where(eq(contactTasks.contactId, id)).orderBy(asc(contactTasks.createdAt)),
    db
      .select({ name: tags.name, color: tags.color, addedAt: contactTags.createdAt })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contactTags.contactId, id))
      .orderBy(asc(tags.name)),
    db
      .select({
        campaign: campaigns.name,
        subject: campaigns.subject,
        email: campaignRecipients.email,
        status: campaignRecipients.status,
        queuedAt: campaignRecipients.createdAt,
        sentAt: campaignRecipients.sentAt,
        errorMessage: campaignRecipients.errorMessage,
      })
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
    contact: {
      id: contact.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      message: contact.message,
      preferTextAndCall: contact.preferTextAndCall,
      status: contact.status,
      notes: contact.notes,
      source: contact.origin,
      createdAt: iso(contact.createdAt),
      lastActivityAt: iso(contact.lastActivityAt),
      updatedAt: iso(contact.updatedAt),
      consent: contact.consentAt ? { at: iso(contact.consentAt), source: contact.consentSource } : null,
      unsubscribedAt: iso(contact.unsubscribedAt),
      bouncingAt: iso(contact.bouncingAt),
      bounceReason: contact.bounceReason,
    },
    messages: messages.map((m) => ({
      sender: m.sender,
      subject: m.subject,
      content: m.content,
      textContent: m.textContent,
      campaign: m.campaignName,
      status: m.status,
      sentAt: iso(m.sentAt),
      source: m.source,
      autoReply: m.autoReply,
      attachments: m.attachments ?? [],
      messageId: m.messageId,
    })),
    tasks: tasks.map((t) => ({
      title: t.title,
      description: t.description,
      priority: t.priority,
      status: t.status,
      dueAt: iso(t.dueAt),
      completedAt: iso(t.completedAt),
      createdAt: iso(t.createdAt),
    })),
    tags: tagRows.map((t) => ({ name: t.name, color: t.color, addedAt: iso(t.addedAt) })),
    campaigns: campaignRows.map((c) => ({
      ...c,
      queuedAt: iso(c.queuedAt),
      sentAt: iso(c.sentAt),
    })),
    client: client
      ? {
          name: client.name,
          email: client.email,
          phone: client.phone,
          company: client.company,
          notes: client.notes,
          createdAt: iso(client.createdAt),
          tasks: clientTaskRows.map((t) => ({
            title: t.title,
            description: t.description,
            status: t.status,
            dueAt: iso(t.dueAt),
            completedAt: iso(t.completedAt),
          })),
        }
      : null,
    unsubscribe: unsubscribeRows[0]
      ? { email: unsubscribeRows[0].email, at: iso(unsubscribeRows[0].unsubscribedAt) }
      : null,
  };
}
