import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tsz, updatedAt } from './common.ts';
import { contacts } from './contacts.ts';

/** Email campaigns (spec §3 'Campaign'; DESIGN §3 'Campaigns': draft → sending → sent). */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    htmlContent: text('html_content').notNull(),
    status: text('status').$type<'draft' | 'sending' | 'sent'>().notNull().default('draft'),
    sentAt: tsz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Recipient counts (issue #15; decision 029), kept by statement triggers on campaign_recipients
     * (hand-written in migration 0007) so the list and the details never aggregate a million rows:
     * every row, `sent`, `failed` or `interrupted`, `pending` or `sending`.
     */
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    pendingCount: integer('pending_count').notNull().default(0),
  },
  (t) => [check('campaigns_status_check', sql`${t.status} in ('draft', 'sending', 'sent')`)],
);

/**
 * One row per campaign and address: the durable send queue and the per-recipient log.
 * Unique (campaign, lower(email)), so no address is queued twice for one campaign, even through
 * two contacts or two parallel sends (issue #11 §3). `sending` marks a row claimed before the
 * provider is called, so an interrupted send is reported, never resent.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: serial('id').primaryKey(),
    /**
     * The campaign; its delete deletes these rows. Kept by a trigger on `campaigns` rather than a
     * foreign key (migration 0007, issue #15): the key's per-row check cost a third of inserting a
     * million-recipient audience. Rows are only ever inserted for a campaign the inserting
     * transaction created or holds locked.
     */
    campaignId: integer('campaign_id').notNull(),
    /**
     * The contact; set to null when it is deleted, by a trigger on `contacts` rather than a foreign
     * key (migration 0007, issue #15, as `campaignId`). Rows are inserted from `contacts` rows;
     * a contact deleted while its row was being inserted leaves an id that finds no contact, which
     * reads as null does (the sender reports 'The contact was deleted.').
     */
    contactId: integer('contact_id'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    status: text('status')
      .$type<'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'interrupted' | 'bounced'>()
      .notNull()
      .default('pending'),
    attemptedAt: tsz('attempted_at'),
    sentAt: tsz('sent_at'),
    errorMessage: text('error_message'),
    /**
     * True for a row that repeated an address already in its campaign before the unique rule
     * (migration 0001): kept as history (it was sent, and its unsubscribe link must keep working),
     * outside the unique index. Every row queued since is false.
     */
    legacyDuplicate: boolean('legacy_duplicate').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The Message-ID (without brackets) of the email sent to this recipient, set before the
     * provider gets it (issue #12): a bounce or reply quoting it finds the row.
     */
    messageId: text('message_id'),
  },
  (t) => [
    check(
      'campaign_recipients_status_check',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'skipped', 'interrupted', 'bounced')`,
    ),
    // Only rows that were handed to the provider have one (issue #15: a queued million costs no
    // entries); a lookup by Message-ID implies not null, so it still finds this index.
    uniqueIndex('campaign_recipients_message_id_idx').on(t.messageId).where(sql`${t.messageId} is not null`),
    uniqueIndex('campaign_recipients_campaign_email_idx')
      .on(t.campaignId, sql`lower(${t.email})`)
      .where(sql`not ${t.legacyDuplicate}`),
    // The few rows in flight or to retry, by status (the cap counts `sending`; a resend looks for
    // `failed` and `interrupted`). Partial (issue #15): a queued million costs no entries. A
    // contact's rows are found by `contact_idx`, a campaign's by `campaign_id_idx`.
    index('campaign_recipients_unfinished_idx')
      .on(t.status, t.campaignId)
      .where(sql`${t.status} in ('sending', 'failed', 'interrupted')`),
    // Issue #15: the foreign key's own index (a contact's delete sets these to null), the daily
    // cap's two counts over the last 24 hours, the worker's claim of the next pending rows, and
    // keyset pages of one campaign's recipients.
    index('campaign_recipients_contact_idx').on(t.contactId),
    index('campaign_recipients_sent_at_idx').on(t.sentAt).where(sql`${t.status} = 'sent'`),
    index('campaign_recipients_interrupted_idx').on(t.attemptedAt).where(sql`${t.status} = 'interrupted'`),
    index('campaign_recipients_pending_idx').on(t.campaignId, t.id).where(sql`${t.status} = 'pending'`),
    index('campaign_recipients_campaign_id_idx').on(t.campaignId, t.id),
  ],
);

/**
 * Campaign recipients `sent`, per UTC hour of their `sent_at` (issue #15; decision 029), kept by
 * statement triggers on campaign_recipients (hand-written in migration 0008). The rolling 24-hour
 * cap adds up the whole hours of its window here and counts only its first, partial hour row by
 * row: a constant cost, not one heap visit per message sent in the window.
 */
export const campaignSentHours = pgTable('campaign_sent_hours', {
  /** The hour's start in UTC (`date_trunc('hour', sent_at at time zone 'UTC')`). */
  hour: timestamp('hour').primaryKey(),
  sent: integer('sent').notNull(),
});

/** Addresses that unsubscribed (RFC 8058 one-click); kept even if the contact is deleted. */
export const unsubscribes = pgTable(
  'unsubscribes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unsubscribes_email_idx').on(sql`lower(${t.email})`),
    // Issue #15: the foreign keys' own indexes (deleting a contact or a campaign sets them to null).
    index('unsubscribes_contact_idx').on(t.contactId),
    index('unsubscribes_campaign_idx').on(t.campaignId),
  ],
);
