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
} from 'drizzle-orm/pg-core';
import { createdAt, tsz, updatedAt } from './common.ts';

/** The connected Gmail Workspace account (DESIGN §3 'Mail providers'); the token is encrypted. */
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
   * The OAuth scopes Google granted (space-separated, issue #12); null for a connection made before
   * replies were read, which can send but must reconnect to receive replies.
   */
  scopes: text('scopes'),
});

/**
 * Outgoing mail that is not a campaign (lead notifications and the digests that collapse them
 * under a flood): queued, sent by a worker, retried with backoff. Every message the product sends
 * is logged here, in contact_messages or in campaign_recipients, which is what the rolling daily
 * cap counts. A notification folded into a digest becomes `digested` (with `digest_id`) and is
 * not counted: only the digest is sent (issue #10 §4).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    kind: text('kind')
      .$type<'lead_notification' | 'lead_digest' | 'contact_email' | 'task_reminder'>()
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
    /** The Message-ID (without brackets) every attempt sends, chosen at enqueue (issue #12). */
    messageId: text('message_id'),
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
  ],
);

/**
 * Where each inbound mailbox's import stands (issue #12), one row per mailbox (`imap:<user>@<host>/<path>`
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
