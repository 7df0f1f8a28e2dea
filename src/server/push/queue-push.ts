import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PushEventType, pushEventTypes } from '../../shared/push.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';

/** The `settings` row listing the events pushed; absent: every event (decision 071). */
export const PUSH_EVENTS_KEY = 'push.events';
/** The `settings` row holding when the last held-spam notification was queued. */
const SPAM_PUSHED_KEY = 'push.spam_held_at';

/** Whether `event` is chosen in the settings (SQL; every event when nothing was chosen yet). */
const chosen = (event: PushEventType) =>
  sql`coalesce((select value from settings where key = ${PUSH_EVENTS_KEY}),
    ${JSON.stringify(pushEventTypes)}::jsonb) @> ${JSON.stringify([event])}::jsonb`;

/** What one notification says and opens (decision 071): no more about the person than a name. */
export interface PushNotice {
  title: string;
  /** The admin path a click opens. */
  url: string;
  /** The contact it names, so an erasure can delete it (docs/personal-data.md). */
  contactId?: number | null;
}

/**
 * Queues a push notification for every device, in the caller's transaction (decision 071, the
 * webhook outbox's pattern of decision 066): one statement, nothing when the event is not chosen
 * or no device is subscribed, so the notification goes out exactly when what it reports commits,
 * once across instances. The push worker sends it.
 * @returns how many messages were queued (0: nothing for the worker to do, no need to nudge it).
 */
export async function queuePush(tx: Db, event: PushEventType, notice: PushNotice): Promise<number> {
  const [row] = resultRows<{ n: number | string }>(
    await tx.execute(sql`with ${pushMessageCte(event, notice)} select count(*) as n from push_queued`),
  );
  return Number(row?.n ?? 0);
}

/**
 * {@link queuePush}'s insert as a `WITH` item, `push_queued` (one row per message queued), for a
 * caller that queues more in the same statement (a form lead: contacts/create-contact.ts).
 */
export function pushMessageCte(event: PushEventType, notice: PushNotice): SQL {
  return sql`push_queued as (
      insert into push_messages (subscription_id, event, title, url, contact_id)
      select s.id, ${event}, ${notice.title}, ${notice.url}, ${notice.contactId ?? null}
      from push_subscriptions s
      where ${chosen(event)}
      returning 1
    )`;
}

/**
 * Queues the 'held as spam' notification, at most one a day across instances (decision 071): the
 * queue claims the day by moving `push.spam_held_at` forward only when it is a day old, in the
 * caller's transaction, so of two held submissions at once only one claims it (the second waits on
 * the row and then finds it fresh). Nothing is claimed while no device would receive it.
 * @returns how many messages were queued.
 */
export async function queueHeldSpamPush(tx: Db): Promise<number> {
  return resultRows(
    await tx.execute(sql`
    with claim as (
      insert into settings (key, value)
      select ${SPAM_PUSHED_KEY}, to_jsonb(now())
      where ${chosen('spam.held')} and exists (select 1 from push_subscriptions)
      on conflict (key) do update set value = excluded.value, updated_at = now()
        where (settings.value #>> '{}')::timestamptz <= now() - interval '1 day'
      returning 1
    )
    insert into push_messages (subscription_id, event, title, url)
    select s.id, 'spam.held', 'A message was held as spam', '/admin/contacts?status=spam'
    from push_subscriptions s
    where exists (select 1 from claim)
    returning 1`),
  ).length;
}
