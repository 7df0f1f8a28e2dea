import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WebhookEventType } from '../../shared/webhooks.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';

/**
 * The statement parts that queue a webhook event (decision 066), as `WITH` items to put in front
 * of a statement: the event and a pending delivery for each enabled endpoint subscribed to
 * `type`, or nothing when there is none. `webhook_queued` holds one row per delivery queued.
 * PostgreSQL allows writing `WITH` items only at the top of a statement, so a caller that queues
 * more in the same round trip (a form lead: contacts/create-contact.ts) lists these beside its own.
 */
export function webhookEventCtes(
  type: WebhookEventType,
  data: Record<string, unknown>,
  contactId: number | null,
): SQL {
  return sql`webhook_targets as (
      select id from webhook_endpoints where enabled and ${type} = any(events)
    ), webhook_event as (
      insert into webhook_events (type, payload, contact_id)
      select ${type}, ${JSON.stringify(data)}::jsonb, ${contactId}
      where exists (select 1 from webhook_targets)
      returning id
    ), webhook_queued as (
      insert into webhook_deliveries (endpoint_id, event_id)
      select webhook_targets.id, webhook_event.id from webhook_targets, webhook_event
      returning 1
    )`;
}

/**
 * Queues a webhook event in the caller's transaction (decision 066): one statement writes the
 * event and a pending delivery for each enabled endpoint subscribed to `type`, or nothing when
 * there is none, so the event is sent exactly when what it reports commits, and a form lead costs
 * one indexed statement more when no webhook is set up.
 * @param data the event's `data` (JSON); `contactId` names the person it is about, so an erasure
 *   can empty it (contacts/erase-contacts.ts).
 * @returns how many deliveries were queued (0: no endpoint wants it, no need to nudge the sender).
 */
export async function queueWebhookEvent(
  tx: Db,
  type: WebhookEventType,
  data: Record<string, unknown>,
  contactId: number | null = null,
): Promise<number> {
  const [row] = resultRows<{ n: number | string }>(
    await tx.execute(
      sql`with ${webhookEventCtes(type, data, contactId)} select count(*) as n from webhook_queued`,
    ),
  );
  return Number(row?.n ?? 0);
}
