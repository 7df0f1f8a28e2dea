import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, tsz } from './common.ts';

/**
 * The owner's devices that receive push notifications (decision 071): one row per browser's
 * `PushSubscription`. `endpoint` is the push service's URL for that browser (https, public),
 * `p256dh` and `auth` its message-encryption keys (RFC 8291), `user_agent` the browser that turned
 * them on (shown as 'Chrome on Android'). Removed by the owner, or when the push service answers
 * 404 or 410 (the browser dropped it).
 */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  /** When the push service last accepted a message for it. */
  lastSentAt: tsz('last_sent_at'),
});

/**
 * The push outbox (decision 071), written in the transaction of the event it reports, one row per
 * device, like webhook deliveries (decision 066): a worker claims a due `pending` row by switching
 * it to `sending` (FOR UPDATE SKIP LOCKED). `title` is what the notification says ('New lead: Anna
 * Schmidt', the person's name only) and `url` the admin screen a click opens; `contact_id` lets an
 * erasure delete the messages naming someone. A sent message is deleted; a failed one keeps its
 * error only (its title is blanked).
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    contactId: integer('contact_id'),
    status: text('status', { enum: ['pending', 'sending', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    claimedUntil: tsz('claimed_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('push_messages_contact_idx').on(t.contactId).where(sql`${t.contactId} is not null`),
    index('push_messages_subscription_idx').on(t.subscriptionId),
  ],
);
