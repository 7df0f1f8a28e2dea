import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    status: text('status')
      .$type<'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'interrupted'>()
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
  },
  (t) => [
    check(
      'campaign_recipients_status_check',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'skipped', 'interrupted')`,
    ),
    // Not unique: merging two contacts moves both of their rows for one campaign to the kept one.
    index('campaign_recipients_campaign_contact_idx').on(t.campaignId, t.contactId),
    uniqueIndex('campaign_recipients_campaign_email_idx')
      .on(t.campaignId, sql`lower(${t.email})`)
      .where(sql`not ${t.legacyDuplicate}`),
    index('campaign_recipients_status_idx').on(t.status, t.campaignId),
  ],
);

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
  (t) => [uniqueIndex('unsubscribes_email_idx').on(sql`lower(${t.email})`)],
);
