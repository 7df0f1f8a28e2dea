import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
});

/**
 * Outgoing mail that is not a campaign (lead notifications, one-to-one emails): queued, sent by
 * a worker, retried with backoff. Every message the product sends is logged here or in
 * campaign_recipients, which is what the rolling daily cap counts.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'lead_notification' | 'contact_email'>().notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text'),
    status: text('status').$type<'pending' | 'sending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: tsz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('mail_queue_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_queue_sent_at_idx').on(t.sentAt),
  ],
);
