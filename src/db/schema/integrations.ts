import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, tsz, updatedAt } from './common.ts';

/**
 * Personal API tokens (decision 065): only the SHA-256 of the token is stored, so a leaked table
 * cannot be replayed. `scope` is 'read' (GET only) or 'write'. A revoked token's row is deleted.
 */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  scope: text('scope', { enum: ['read', 'write'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  /** Null: the token does not expire. */
  expiresAt: tsz('expires_at'),
  /** Written at most once a minute per token. */
  lastUsedAt: tsz('last_used_at'),
});

/**
 * Outgoing webhook endpoints (decision 066). `secret` is the Standard Webhooks `whsec_` secret,
 * sealed with the app secret (crypto/secret-box.ts); `format` 'slack' posts a readable text to a
 * Slack incoming-webhook URL instead of the signed JSON event.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description'),
  events: text('events').array().notNull(),
  format: text('format', { enum: ['standard', 'slack'] })
    .notNull()
    .default('standard'),
  secretSealed: text('secret_sealed').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The webhook outbox's events, written in the same transaction as what they report (decision 066).
 * `payload` is the event's `data`; `contact_id` lets an erasure empty the payloads about a person.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    contactId: integer('contact_id'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_contact_idx').on(t.contactId).where(sql`${t.contactId} is not null`)],
);

/**
 * One event's delivery to one endpoint, and its log (decision 066). A worker claims a due
 * `pending` row by switching it to `sending` (FOR UPDATE SKIP LOCKED), so one instance sends it;
 * a timeout, connection error or 5xx puts it back to `pending` with a later `next_attempt_at`
 * until 24 hours after it was queued, then `failed`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tsz('next_attempt_at').notNull().defaultNow(),
    /** While `sending`: after this time a crashed instance's claim may be taken over. */
    claimedUntil: tsz('claimed_until'),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    /** Why the last attempt failed (no response text: it may echo personal data). */
    lastError: text('last_error'),
    lastAttemptAt: tsz('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);
