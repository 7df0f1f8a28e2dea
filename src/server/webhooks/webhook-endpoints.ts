import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookUpdate,
} from '../../shared/webhooks.ts';
import { seal } from '../crypto/secret-box.ts';
import { invalid, notFound } from '../domain-error.ts';
import { RefusedAddressError, type Resolve, resolveEndpoint } from './address-check.ts';
import { slackBody, standardBody } from './format-event.ts';
import { SECRET_AD } from './webhook-worker.ts';

/** What the endpoint operations need: the database, the sealing key and the address rule. */
export interface WebhookContext {
  db: Db;
  key: Buffer;
  allowPrivate: boolean;
  resolve?: Resolve;
}

function toEndpoint(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    format: row.format,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Refuses a URL whose host is or resolves to an inner address now (checked again on each delivery). */
async function checkUrl(ctx: WebhookContext, url: string): Promise<void> {
  try {
    await resolveEndpoint(new URL(url), ctx.allowPrivate, ctx.resolve);
  } catch (error) {
    if (error instanceof RefusedAddressError)
      throw invalid(error.message, { fieldErrors: { url: [error.message] } });
    throw error;
  }
}

/** Every endpoint, oldest first. */
export async function listWebhooks(db: Db): Promise<WebhookEndpoint[]> {
  return (await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id)).map(toEndpoint);
}

/**
 * Adds an endpoint with a new Standard Webhooks secret (`whsec_` and 24 random bytes in base64),
 * answered this once and stored sealed. @throws DomainError `invalid` for a refused address.
 */
export async function createWebhook(
  ctx: WebhookContext,
  input: WebhookCreate,
): Promise<WebhookEndpoint & { secret: string }> {
  await checkUrl(ctx, input.url);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      url: input.url,
      description: input.description ?? null,
      events: input.events,
      format: input.format,
      secretSealed: seal(ctx.key, secret, SECRET_AD),
    })
    .returning();
  return { ...toEndpoint(row!), secret };
}

/** Changes an endpoint. @throws DomainError `not-found`, or `invalid` for a refused address. */
export async function updateWebhook(
  ctx: WebhookContext,
  id: number,
  input: WebhookUpdate,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await checkUrl(ctx, input.url);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set(changes)
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw notFound('Endpoint');
  return toEndpoint(row);
}

/** Removes an endpoint and its deliveries. @throws DomainError `not-found`. */
export async function deleteWebhook(db: Db, id: number): Promise<void> {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw notFound('Endpoint');
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  statusCode: webhookDeliveries.lastStatusCode,
  durationMs: webhookDeliveries.lastDurationMs,
  error: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  type: webhookEvents.type,
  payload: webhookEvents.payload,
  eventAt: webhookEvents.createdAt,
  format: webhookEndpoints.format,
};

type DeliveryRow = {
  id: number;
  status: WebhookDelivery['status'];
  attempts: number;
  statusCode: number | null;
  durationMs: number | null;
  error: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date;
  type: string;
  payload: unknown;
  eventAt: Date;
  format: 'standard' | 'slack';
};

function toDelivery(row: DeliveryRow): WebhookDelivery {
  const event = { type: row.type, payload: row.payload as Record<string, unknown>, createdAt: row.eventAt };
  return {
    id: row.id,
    event: row.type,
    createdAt: row.eventAt.toISOString(),
    status: row.status,
    attempts: row.attempts,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    error: row.error,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    body: row.format === 'slack' ? slackBody(event) : standardBody(event),
  };
}

async function findDelivery(db: Db, endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!row) throw notFound('Delivery');
  return toDelivery(row);
}

async function requireEndpoint(db: Db, id: number) {
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound('Endpoint');
}

/** An endpoint's last 100 deliveries, newest first. @throws DomainError `not-found`. */
export async function listDeliveries(db: Db, endpointId: number): Promise<WebhookDelivery[]> {
  await requireEndpoint(db, endpointId);
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(100);
  return rows.map(toDelivery);
}

/** Queues a `webhook.test` event for this endpoint only. @throws DomainError `not-found`. */
export async function queueTestDelivery(
  db: Db,
  endpointId: number,
  siteName: string,
): Promise<WebhookDelivery> {
  await requireEndpoint(db, endpointId);
  const id = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(webhookEvents)
      .values({ type: WEBHOOK_TEST_EVENT, payload: { message: `A test from ${siteName}.` } })
      .returning({ id: webhookEvents.id });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, eventId: event!.id })
      .returning({ id: webhookDeliveries.id });
    return delivery!.id;
  });
  return findDelivery(db, endpointId, id);
}

/**
 * Queues a logged delivery's event again for its endpoint, as a new delivery (its own
 * `webhook-id`: the owner asked for it again). @throws DomainError `not-found`.
 */
export async function resendDelivery(
  db: Db,
  endpointId: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const [old] = await db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!old) throw notFound('Delivery');
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventId: old.eventId })
    .returning({ id: webhookDeliveries.id });
  return findDelivery(db, endpointId, row!.id);
}
