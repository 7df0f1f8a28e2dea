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

/** Email campaigns (docs/product.md §8.1, §8.3: draft → sending → sent). */
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
     * Recipient counts (decision 029), kept by statement triggers on campaign_recipients
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
 * two contacts or two parallel sends (decision 019). `sending` marks a row claimed before the
 * provider is called, so an interrupted send is reported, never resent.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: serial('id').primaryKey(),
    /**
     * The campaign; its delete deletes these rows. Kept by a trigger on `campaigns` rather than a
     * foreign key (migration 0007): the key's per-row check cost a third of inserting a
     * million-recipient audience. Rows are only ever inserted for a campaign the inserting
     * transaction created or holds locked.
     */
    campaignId: integer('campaign_id').notNull(),
    /**
     * The contact; set to null when it is deleted, by a trigger on `contacts` rather than a foreign
     * key (migration 0007, as `campaignId`). Rows are inserted from `contacts` rows;
     * a contact deleted while its row was being inserted leaves an id that finds no contact, which
     * reads as null does (the sender reports 'The contact was deleted.').
     */
    contactId: integer('contact_id'),
    /**
     * Copies of the contact's address and name at queueing time; cleared (null) when the contact
     * is erased, by the same trigger (migration 0010, docs/personal-data.md): the row keeps only
     * its status for the campaign's counts.
     */
    email: text('email'),
    name: text('name'),
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
     * provider gets it (decision 023): a bounce or reply quoting it finds the row.
     */
    messageId: text('message_id'),
    /**
     * The provider the attempt went to (`smtp`, `gmail`, `outbox`), committed with `attempted_at`
     * before the provider call: after a crash it says how to find out whether the message arrived
     * (docs/decisions/044). Null for rows attempted before migration 0018.
     */
    attemptProvider: text('attempt_provider').$type<'smtp' | 'gmail' | 'outbox'>(),
    /**
     * SMTP only: committed just before the end of DATA (the final `.`) goes to the server. Without
     * it an attempted row was certainly not delivered (a server discards a transaction whose DATA
     * never ended), so recovery puts it back to `pending` (docs/decisions/044).
     */
    dataEndAt: tsz('data_end_at'),
    /**
     * When 'Resend to interrupted' (or a send choosing the contact again) re-queued this row from
     * `interrupted`: an interrupted row is resent at most once, so a row with this set that is
     * interrupted again is never offered again (docs/decisions/044).
     */
    resentAt: tsz('resent_at'),
  },
  (t) => [
    check(
      'campaign_recipients_status_check',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'skipped', 'interrupted', 'bounced')`,
    ),
    check(
      'campaign_recipients_attempt_provider_check',
      sql`${t.attemptProvider} is null or ${t.attemptProvider} in ('smtp', 'gmail', 'outbox')`,
    ),
    // Only rows that were handed to the provider have one (a queued million costs no
    // entries); a lookup by Message-ID implies not null, so it still finds this index.
    uniqueIndex('campaign_recipients_message_id_idx').on(t.messageId).where(sql`${t.messageId} is not null`),
    uniqueIndex('campaign_recipients_campaign_email_idx')
      .on(t.campaignId, sql`lower(${t.email})`)
      .where(sql`not ${t.legacyDuplicate}`),
    // The few rows in flight or to retry, by status (the cap counts `sending`; a resend looks for
    // `failed` and `interrupted`). Partial (decision 026): a queued million costs no entries. A
    // contact's rows are found by `contact_idx`, a campaign's by `campaign_id_idx`.
    index('campaign_recipients_unfinished_idx')
      .on(t.status, t.campaignId)
      .where(sql`${t.status} in ('sending', 'failed', 'interrupted')`),
    // The foreign key's own index (a contact's delete sets these to null), the daily
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
 * Campaign recipients `sent`, per UTC hour of their `sent_at` (decision 029), kept by
 * statement triggers on campaign_recipients (hand-written in migration 0008). The rolling 24-hour
 * cap adds up the whole hours of its window here and counts only its first, partial hour row by
 * row: a constant cost, not one heap visit per message sent in the window.
 */
export const campaignSentHours = pgTable('campaign_sent_hours', {
  /** The hour's start in UTC (`date_trunc('hour', sent_at at time zone 'UTC')`). */
  hour: timestamp('hour').primaryKey(),
  sent: integer('sent').notNull(),
});

/**
 * Addresses that unsubscribed (RFC 8058 one-click); kept when the contact is erased, but then
 * only as `emailHash` (docs/personal-data.md, decision 035).
 */
export const unsubscribes = pgTable(
  'unsubscribes',
  {
    id: serial('id').primaryKey(),
    /** The address, lower-cased; null once its contact was erased. */
    email: text('email'),
    /**
     * HMAC-SHA-256 (hex) of the lower-cased address under a key derived from the app secret
     * (contacts/address-hash.ts); set when the contact is erased, so a re-added or re-imported
     * address is still known as unsubscribed without the list keeping the address.
     */
    emailHash: text('email_hash'),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unsubscribes_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('unsubscribes_email_hash_idx').on(t.emailHash),
    // The foreign keys' own indexes (deleting a contact or a campaign sets them to null).
    index('unsubscribes_contact_idx').on(t.contactId),
    index('unsubscribes_campaign_idx').on(t.campaignId),
  ],
);
