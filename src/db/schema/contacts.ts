import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ContactOrigin, LostReason, StoredContactStatus } from '../../shared/contacts.ts';
import type { DeviceClass } from '../../shared/lead-source.ts';
import { createdAt, tsz, updatedAt } from './common.ts';

/** Leads from the public form and people the admin works with (docs/product.md §13). */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    preferTextAndCall: boolean('prefer_text_and_call').notNull().default(false),
    status: text('status').$type<StoredContactStatus>().notNull().default('new'),
    notes: text('notes'),
    /** Set when the contact unsubscribed from campaigns (docs/product.md §8.6). */
    unsubscribedAt: tsz('unsubscribed_at'),
    /**
     * When the person last wrote (first submission, or a later one from the same address): the
     * contacts list is ordered by it, so a returning lead comes back to the top (decision 019).
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
     * Set when mail to this address bounced (a delivery-status notification or a common
     * bounce form); later campaigns skip the contact, the admin sees it. Null: not bouncing.
     */
    bouncingAt: tsz('bouncing_at'),
    /** The bounce's status and diagnostic, as the receiving server wrote it (shown to the admin). */
    bounceReason: text('bounce_reason'),
    /** The person's company (Add Contact, import and the contact detail's Edit; the form does not ask). */
    company: text('company'),
    /**
     * How the contact came in: `form` (the public form), `manual` (Add Contact) or `import` (CSV
     * import). Not the lead's marketing source (referrer, campaign). The dashboard counts `form`
     * only; the contacts list shows leads (not `import`) by default (decision 058).
     */
    origin: text('origin').$type<ContactOrigin>().notNull().default('form'),
    /** For origin `import`: when the import ran (the contact's own row was inserted then). */
    importedAt: tsz('imported_at'),
    /** For origin `import`: the CSV file's name as the browser sent it (control characters removed). */
    importFileName: text('import_file_name'),
    /**
     * When and how the person agreed to receive campaign email, for contacts that did not write
     * through the form: an imported contact without it is never a campaign recipient.
     */
    consentAt: tsz('consent_at'),
    /** Where the consent was given, e.g. 'CSV import: clients.csv (ticked by the owner)'. */
    consentSource: text('consent_source'),
    /**
     * Why the submission was quarantined with status `spam` (decision 037): `pow`, `honeypot`,
     * `links`, `phrases`, `script`, `disposable`. Empty for every other contact.
     */
    spamReasons: text('spam_reasons').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The lead's first-touch source (decision 037), kept from the first submission: the
     * referrer's host, the UTM parameters, the landing path, the first view's time (all from the
     * visitor's tab) and the device class the server read from the user agent. Null: unknown.
     */
    sourceReferrerHost: text('source_referrer_host'),
    sourceUtmSource: text('source_utm_source'),
    sourceUtmMedium: text('source_utm_medium'),
    sourceUtmCampaign: text('source_utm_campaign'),
    sourceUtmTerm: text('source_utm_term'),
    sourceUtmContent: text('source_utm_content'),
    sourceLandingPath: text('source_landing_path'),
    sourceFirstSeenAt: tsz('source_first_seen_at'),
    sourceDevice: text('source_device').$type<DeviceClass>(),
    /**
     * The deal's value in minor units of the `CURRENCY` setting (cents for EUR; decision 063).
     * Null: not estimated yet. An integer: no rounding in sums.
     */
    dealValue: bigint('deal_value', { mode: 'number' }),
    /** When the owner expects the deal to close (the first of a month from the month picker). */
    expectedCloseOn: date('expected_close_on', { mode: 'string' }),
    /**
     * When the status last changed (creation for a contact that never moved): the board's 'days
     * in this stage' and its order within a column. A trigger keeps it (migration 0024).
     */
    statusChangedAt: tsz('status_changed_at').notNull().defaultNow(),
    /** When the notes last changed (the timeline's 'Notes edited'); a trigger keeps it (migration 0024). */
    notesChangedAt: tsz('notes_changed_at'),
    /**
     * Whether the contact ever reached Qualified or Converted (the source report's 'qualified',
     * decision 064); a trigger sets it and nothing clears it (migration 0025).
     */
    reachedQualified: boolean('reached_qualified').notNull().default(false),
    /** Why a `lost` deal was lost (decision 063); null for every other status. */
    lostReason: text('lost_reason').$type<LostReason>(),
    /** The owner's words for lost reason `other`. */
    lostReasonText: text('lost_reason_text'),
  },
  (t) => [
    check(
      'contacts_status_check',
      sql`${t.status} in ('new', 'contacted', 'qualified', 'converted', 'lost', 'spam')`,
    ),
    check(
      'contacts_lost_reason_check',
      sql`${t.lostReason} in ('budget', 'timing', 'no_reply', 'other_agency', 'other')`,
    ),
    check('contacts_deal_value_check', sql`${t.dealValue} >= 0`),
    // The board's index (status, status_changed_at desc, id desc) INCLUDE (deal_value) is
    // hand-written in migration 0022 (Drizzle has no INCLUDE): decision 063.
    check('contacts_source_device_check', sql`${t.sourceDevice} in ('phone', 'tablet', 'desktop')`),
    // The contacts list's source filter and the dashboard's 'Leads by source' (decision 037).
    index('contacts_source_label_idx').on(
      sql`(coalesce(${t.sourceUtmSource}, ${t.sourceReferrerHost}, '(direct)'))`,
      t.lastActivityAt.desc(),
    ),
    check('contacts_origin_check', sql`${t.origin} in ('form', 'manual', 'import')`),
    index('contacts_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('contacts_last_activity_idx').on(t.lastActivityAt.desc(), t.id.desc()),
    // The contacts list's 'Leads' and 'Imported' views by last activity (decision 058): each row is
    // in exactly one of the two, so together they are the size of the index above, and a page of
    // 20 leads under a million imported people (or the reverse) is still an index range.
    index('contacts_lead_activity_idx')
      .on(t.lastActivityAt.desc(), t.id.desc())
      .where(sql`${t.origin} <> 'import'`),
    index('contacts_imported_activity_idx')
      .on(t.lastActivityAt.desc(), t.id.desc())
      .where(sql`${t.origin} = 'import'`),
    // 'Needs you today': form leads still at New, oldest first (decision 064, addendum). Only
    // those rows are in it, so a status change away from New writes nothing here.
    index('contacts_waiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'new' and ${t.origin} = 'form'`),
    // The 'Leads' view's other sorts (name, email, status): without these a page of a few leads
    // under a million imported people walked the whole table's index past the imported rows. The
    // 'Imported' and 'All' views are most of the table, so the indexes below serve them.
    index('contacts_lead_name_idx').on(sql`lower(${t.name})`, t.id).where(sql`${t.origin} <> 'import'`),
    index('contacts_lead_email_idx').on(sql`lower(${t.email})`, t.id).where(sql`${t.origin} <> 'import'`),
    index('contacts_lead_status_rank_idx')
      .on(
        sql`array_position(array['new', 'contacted', 'qualified', 'converted', 'lost', 'spam']::text[], ${t.status})`,
        t.lastActivityAt,
        t.id,
      )
      .where(sql`${t.origin} <> 'import'`),
    // Lookups by address, and keyset pages of the contacts table sorted by email (decision 040).
    index('contacts_email_idx').on(sql`lower(${t.email})`, t.id),
    // One contact per person (decision 019): a second submission from an address, in any case,
    // lands on the existing contact through INSERT … ON CONFLICT on this index.
    uniqueIndex('contacts_email_unique_idx').on(sql`lower(${t.email})`).where(sql`not ${t.legacyDuplicate}`),
    // Keyset pages of the campaign recipient checklist, by name. (The search reads
    // `contact_search` below, not trigram indexes here: decision 050.)
    index('contacts_name_idx').on(sql`lower(${t.name})`, t.id),
    // Keyset pages of the contacts table sorted by status, in the pipeline's order (new first),
    // then by last activity (decision 040). Same expression as CONTACT_STATUS_RANK in list-contacts.
    index('contacts_status_rank_idx').on(
      sql`array_position(array['new', 'contacted', 'qualified', 'converted', 'lost', 'spam']::text[], ${t.status})`,
      t.lastActivityAt,
      t.id,
    ),
  ],
);

/**
 * The text the contact search reads (decision 050): the contact's name, address and first message,
 * unaccented and joined by line breaks, one row per contact. Triggers keep it (migration 0019); the
 * trigram index on it is hand-written there (it needs pg_trgm). Kept apart from `contacts` so a
 * bulk status change rewrites no trigram index: they cost more than the row itself.
 */
export const contactSearch = pgTable('contact_search', {
  contactId: integer('contact_id')
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  document: text('document').notNull(),
});

/** Labels on contacts (docs/product.md §6.4), created from the tag dropdown. */
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

/** Follow-up tasks on a contact (docs/product.md §6.5). */
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
 * The email conversation with a contact (docs/product.md §6.6): admin emails, later form
 * submissions of the same person (sender `contact`) and campaign emails (`campaign_name` set, a
 * copy of the name so the thread keeps it when the campaign is deleted). An email
 * the admin sends is recorded `pending` before it is handed to the provider and marked `sent`
 * once accepted; a refused send deletes its row (decision 018). A row left `pending` by a crash
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
     * The RFC 5322 Message-ID without angle brackets (decision 023): set before an outgoing email
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
    // The daily cap counts one-to-one emails of the last 24 hours.
    index('contact_messages_direct_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sender} = 'admin' and ${t.campaignName} is null`),
    uniqueIndex('contact_messages_message_id_idx').on(t.messageId),
    index('contact_messages_unread_idx').on(t.contactId).where(sql`${t.unread}`),
  ],
);

/**
 * Inbound mail that claims to come from a contact but proves nothing (docs/decisions/033): no
 * In-Reply-To/References naming a message we sent, and no passing verdict from the provider's
 * `Authentication-Results`. It waits here, outside every thread and count, until the owner
 * attaches it to a contact ('Attach to contact': moved into `contact_messages`) or discards it.
 * A row is about the contact whose address it names, so erasing that contact deletes it.
 */
export const unmatchedMail = pgTable(
  'unmatched_mail',
  {
    id: serial('id').primaryKey(),
    /** The contact whose address the From header names. */
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The From address, lower case. */
    fromAddress: text('from_address').notNull(),
    subject: text('subject'),
    /** Sanitized HTML, as a thread row's `content`. */
    content: text('content').notNull(),
    textContent: text('text_content'),
    attachments: jsonb('attachments').$type<{ name: string; size: number }[]>(),
    /** Its Message-ID (at most 998 bytes, or a hash of the message): unique, so a re-scan stores it once. */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: text('references').array(),
    autoReply: boolean('auto_reply').notNull().default(false),
    /** The provider's verdict in short ('dkim=fail spf=fail dmarc=fail'); null: none we trust. */
    authentication: text('authentication'),
    /** 'imap' or 'gmail'. */
    source: text('source').notNull(),
    sentAt: tsz('sent_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unmatched_mail_message_id_idx').on(t.messageId),
    index('unmatched_mail_contact_idx').on(t.contactId),
  ],
);
