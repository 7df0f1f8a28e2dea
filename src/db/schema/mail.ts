import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tsz, updatedAt } from './common.ts';

/** The connected Gmail Workspace account (decision 010); the token is encrypted. */
export const mailConnections = pgTable('mail_connections', {
  id: serial('id').primaryKey(),
  provider: text('provider').$type<'gmail'>().notNull(),
  email: text('email').notNull(),
  refreshTokenEnc: text('refresh_token_enc').notNull(),
  status: text('status').$type<'connected' | 'revoked'>().notNull().default('connected'),
  statusReason: text('status_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /**
   * The OAuth scopes Google granted (space-separated); null for a connection made before
   * replies were read, which can send but must reconnect to receive replies.
   */
  scopes: text('scopes'),
});

/**
 * Outgoing mail that is not a campaign (lead notifications and the digests that collapse them
 * under a flood): queued, sent by a worker, retried with backoff. Every message the product sends
 * is logged here, in contact_messages or in campaign_recipients, which is what the rolling daily
 * cap counts. A notification folded into a digest becomes `digested` (with `digest_id`) and is
 * not counted: only the digest is sent (decision 018).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    kind: text('kind')
      .$type<'lead_notification' | 'lead_digest' | 'contact_email' | 'task_reminder' | 'security_notice'>()
      .notNull(),
    toAddress: text('to_address').notNull(),
    /** Where a reply goes (the lead, for a lead notification); null: the sender. */
    replyTo: jsonb('reply_to').$type<{ name?: string; address: string }>(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    /** The plain-text part; null: derived from the HTML. */
    text: text('text'),
    /** A lead notification's entry in a digest (HTML list item and its plain-text lines). */
    digestEntryHtml: text('digest_entry_html'),
    digestEntryText: text('digest_entry_text'),
    /** The digest this notification was folded into. */
    digestId: integer('digest_id').references((): AnyPgColumn => mailQueue.id),
    status: text('status')
      .$type<'pending' | 'sending' | 'sent' | 'failed' | 'digested'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: tsz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The Message-ID (without brackets) every attempt sends, chosen at enqueue (decision 023). */
    messageId: text('message_id'),
    /**
     * The contact a lead notification is about, so erasing the contact finds it (and, through
     * `digest_id`, the digest it was folded into). No foreign key: the row outlives the contact,
     * cleared (docs/personal-data.md).
     */
    contactId: integer('contact_id'),
  },
  (t) => [
    check(
      'mail_queue_status_check',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'digested')`,
    ),
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_queue_sent_at_idx').on(t.sentAt),
    index('mail_queue_kind_created_at_idx').on(t.kind, t.createdAt),
    index('mail_queue_digest_idx').on(t.digestId),
    index('mail_queue_contact_idx').on(t.contactId),
  ],
);

/**
 * Where each inbound mailbox's import stands (decision 023), one row per mailbox (`imap:<user>@<host>/<path>`
 * or `gmail:<address>`): IMAP's UIDVALIDITY and last imported UID, or Gmail's history id, so a
 * restart neither imports twice nor skips; the lease that lets one instance at a time read it;
 * and the health shown on the setup page (last check, last error, retry backoff).
 */
export const mailboxSync = pgTable('mailbox_sync', {
  id: serial('id').primaryKey(),
  mailbox: text('mailbox').notNull().unique(),
  uidValidity: text('uid_validity'),
  lastUid: bigint('last_uid', { mode: 'number' }),
  historyId: text('history_id'),
  leaseOwner: text('lease_owner'),
  leaseUntil: tsz('lease_until'),
  lastCheckedAt: tsz('last_checked_at'),
  lastSuccessAt: tsz('last_success_at'),
  lastError: text('last_error'),
  failures: integer('failures').notNull().default(0),
  nextAttemptAt: tsz('next_attempt_at'),
  imported: integer('imported').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Inbound messages the import could not take and moved past (docs/decisions/033): one row per
 * message, so one hostile email never stops the import and the setup page can say how many were
 * skipped and why. Holds no content of the message (no subject, sender, body or Message-ID): only
 * where it sits in the mailbox and our own reason.
 */
export const inboundSkipped = pgTable(
  'inbound_skipped',
  {
    id: serial('id').primaryKey(),
    /** The `mailbox_sync.mailbox` it was read from. */
    mailbox: text('mailbox').notNull(),
    /** Where it sits: `<uidvalidity>/<uid>` for IMAP, the message id for Gmail. */
    position: text('position').notNull(),
    /** Why, in our words ('More than 1,000 MIME parts', 'Refused by the database (SQLSTATE …)'). */
    reason: text('reason').notNull(),
    /** The message's size in bytes. */
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('inbound_skipped_position_idx').on(t.mailbox, t.position)],
);
