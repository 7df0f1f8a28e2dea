import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ContactStatus } from '../../shared/contacts.ts';
import { createdAt, tsz, updatedAt } from './common.ts';

/** Leads from the public form and people the admin works with (spec §3 'Contact'). */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    preferTextAndCall: boolean('prefer_text_and_call').notNull().default(false),
    status: text('status').$type<ContactStatus>().notNull().default('new'),
    notes: text('notes'),
    /** Set when the contact unsubscribed from campaigns (DESIGN §3 'Unsubscribe'). */
    unsubscribedAt: tsz('unsubscribed_at'),
    /**
     * When the person last wrote (first submission, or a later one from the same address): the
     * contacts list is ordered by it, so a returning lead comes back to the top (issue #11 §3).
     */
    lastActivityAt: tsz('last_activity_at').notNull().defaultNow(),
    /**
     * True for a contact that already shared its address with an older contact when one contact
     * per address became the rule (migration 0001): it stays, outside the unique index, until the
     * owner merges it from the contact detail. Every contact created since is false.
     */
    legacyDuplicate: boolean('legacy_duplicate').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Set when mail to this address bounced (issue #12: a delivery-status notification or a common
     * bounce form); later campaigns skip the contact, the admin sees it. Null: not bouncing.
     */
    bouncingAt: tsz('bouncing_at'),
    /** The bounce's status and diagnostic, as the receiving server wrote it (shown to the admin). */
    bounceReason: text('bounce_reason'),
  },
  (t) => [
    check('contacts_status_check', sql`${t.status} in ('new', 'contacted', 'qualified', 'converted')`),
    index('contacts_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('contacts_last_activity_idx').on(t.lastActivityAt.desc(), t.id.desc()),
    index('contacts_status_created_at_idx').on(t.status, t.createdAt.desc()),
    index('contacts_email_idx').on(sql`lower(${t.email})`),
    // One contact per person (issue #11 §3): a second submission from an address, in any case,
    // lands on the existing contact through INSERT … ON CONFLICT on this index.
    uniqueIndex('contacts_email_unique_idx').on(sql`lower(${t.email})`).where(sql`not ${t.legacyDuplicate}`),
    // Issue #15: keyset pages of the campaign recipient checklist, by name. (The search's trigram
    // indexes are hand-written in migration 0003: they need the pg_trgm extension first.)
    index('contacts_name_idx').on(sql`lower(${t.name})`, t.id),
  ],
);

/** Labels on contacts (spec §3 'Tag'); created from the tag dropdown (DESIGN §3 'Tags'). */
export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  color: text('color').notNull(),
  createdAt: createdAt(),
});

export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId)],
);

/** Follow-up tasks on a contact (spec §3 'Contact task'; DESIGN §3 'Contact tasks'). */
export const contactTasks = pgTable(
  'contact_tasks',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    priority: text('priority').$type<'low' | 'medium' | 'high'>().notNull().default('medium'),
    status: text('status').$type<'pending' | 'completed'>().notNull().default('pending'),
    dueAt: tsz('due_at'),
    completedAt: tsz('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('contact_tasks_priority_check', sql`${t.priority} in ('low', 'medium', 'high')`),
    check('contact_tasks_status_check', sql`${t.status} in ('pending', 'completed')`),
    index('contact_tasks_contact_idx').on(t.contactId),
    index('contact_tasks_status_idx').on(t.status, t.dueAt),
  ],
);

/**
 * The email conversation with a contact (spec §3 'Contact message'): admin emails, later form
 * submissions of the same person (sender `contact`) and campaign emails (`campaign_name` set, a
 * copy of the name so the thread keeps it when the campaign is deleted; issue #11 §3). An email
 * the admin sends is recorded `pending` before it is handed to the provider and marked `sent`
 * once accepted; a refused send deletes its row (issue #10 §5). A row left `pending` by a crash
 * may have been delivered: it stays in the conversation and counts against the daily cap.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<'contact' | 'admin'>().notNull(),
    subject: text('subject'),
    content: text('content').notNull(),
    status: text('status').$type<'pending' | 'sent'>().notNull().default('sent'),
    campaignName: text('campaign_name'),
    sentAt: tsz('sent_at').notNull().defaultNow(),
    createdAt: createdAt(),
    /**
     * The RFC 5322 Message-ID without angle brackets (issue #12): set before an outgoing email
     * leaves, so replies can be matched by In-Reply-To/References; an imported reply's own id,
     * unique, so a message fetched twice (two instances, a restart) is stored once.
     */
    messageId: text('message_id'),
    /** An imported or replying message's In-Reply-To and References ids (without brackets). */
    inReplyTo: text('in_reply_to'),
    references: text('references').array(),
    /** An imported message's plain-text body (content holds its sanitized HTML). */
    textContent: text('text_content'),
    /** An imported message's attachments, listed but not stored. */
    attachments: jsonb('attachments').$type<{ name: string; size: number }[]>(),
    /** An out-of-office or other automatic reply (RFC 3834 Auto-Submitted): shown, never a reply. */
    autoReply: boolean('auto_reply').notNull().default(false),
    /** An imported reply the admin has not seen yet (cleared when the contact is opened). */
    unread: boolean('unread').notNull().default(false),
    /** Where an imported message came from ('imap' or 'gmail'); null for messages written here. */
    source: text('source'),
  },
  (t) => [
    check('contact_messages_sender_check', sql`${t.sender} in ('contact', 'admin')`),
    check('contact_messages_status_check', sql`${t.status} in ('pending', 'sent')`),
    index('contact_messages_contact_idx').on(t.contactId, t.sentAt),
    // Issue #15: the daily cap counts one-to-one emails of the last 24 hours.
    index('contact_messages_direct_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sender} = 'admin' and ${t.campaignName} is null`),
    uniqueIndex('contact_messages_message_id_idx').on(t.messageId),
    index('contact_messages_unread_idx').on(t.contactId).where(sql`${t.unread}`),
  ],
);
