import Bowser from 'bowser';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions, settings } from '../../db/schema/index.ts';
import {
  type PushDevice,
  type PushEventType,
  type PushSettings,
  type PushSubscribe,
  pushEventTypes,
} from '../../shared/push.ts';
import { invalid, notFound } from '../domain-error.ts';
import { RefusedAddressError, type Resolve, resolveEndpoint } from '../webhooks/address-check.ts';
import { PUSH_EVENTS_KEY } from './queue-push.ts';

/** What the device operations need: the database and the address rule of webhooks (decision 066). */
export interface PushContext {
  db: Db;
  allowPrivate: boolean;
  resolve?: Resolve;
}

/** 'Chrome 131 on Android' from a user agent (bowser), or 'Unknown browser'. */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name ?? 'Unknown browser';
  const version = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  return `${name}${version ? ` ${version}` : ''}${os ? ` on ${os}` : ''}`;
}

function toDevice(row: typeof pushSubscriptions.$inferSelect): PushDevice {
  return {
    id: row.id,
    endpoint: row.endpoint,
    browser: browserLabel(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
}

/** Every device, oldest first. */
export async function listPushDevices(db: Db): Promise<PushDevice[]> {
  return (await db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id)).map(toDevice);
}

/**
 * Adds this browser's subscription, or renews the keys of one already known by its endpoint (a
 * browser that subscribes again). The endpoint's host must not be, nor resolve to, a loopback,
 * private or metadata address unless allowed (checked again on every send): a push endpoint is a
 * URL the server POSTs to. @throws DomainError `invalid` for a refused address or a key that is
 * not a P-256 point.
 */
export async function subscribePush(
  ctx: PushContext,
  input: PushSubscribe,
  userAgent: string | undefined,
): Promise<PushDevice> {
  const point = Buffer.from(input.keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw invalid('keys.p256dh is not a P-256 key.', {
      fieldErrors: { 'keys.p256dh': ['Not a P-256 key.'] },
    });
  try {
    await resolveEndpoint(new URL(input.endpoint), ctx.allowPrivate, ctx.resolve);
  } catch (error) {
    if (error instanceof RefusedAddressError)
      throw invalid(error.message, { fieldErrors: { endpoint: [error.message] } });
    throw error;
  }
  const ua = userAgent?.slice(0, 500) ?? null;
  const [row] = await ctx.db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: ua })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: ua },
    })
    .returning();
  return toDevice(row!);
}

/** Removes the device with this endpoint. @throws DomainError `not-found`. */
export async function unsubscribePush(db: Db, endpoint: string): Promise<void> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) throw notFound('Device');
}

/** Removes a device and its queued messages. @throws DomainError `not-found`. */
export async function removePushDevice(db: Db, id: number): Promise<void> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.id, id))
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) throw notFound('Device');
}

/** The events pushed: every one until the owner chose. */
export async function getPushSettings(db: Db): Promise<PushSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, PUSH_EVENTS_KEY));
  const events = Array.isArray(row?.value) ? (row.value as PushEventType[]) : [...pushEventTypes];
  return { events: pushEventTypes.filter((e) => events.includes(e)) };
}

/** Stores the events pushed (validated by `pushSettingsSchema`). */
export async function setPushSettings(db: Db, input: PushSettings): Promise<PushSettings> {
  const events = pushEventTypes.filter((e) => input.events.includes(e));
  // As JSON text: drizzle would bind a JavaScript array as a PostgreSQL array.
  const value = sql`${JSON.stringify(events)}::jsonb`;
  await db
    .insert(settings)
    .values({ key: PUSH_EVENTS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
  return { events };
}

/** Queues a test notification for every device. @returns how many devices it was queued for. */
export async function queueTestPush(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(pushSubscriptions);
    await tx.execute(sql`
      insert into push_messages (subscription_id, event, title, url)
      select id, 'push.test', 'Notifications are on', '/admin/notifications' from push_subscriptions`);
    return Number(row?.n ?? 0);
  });
}
