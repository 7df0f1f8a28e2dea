import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { WebhookEventType } from '../../shared/webhooks.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';

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
  const result = await tx.execute(sql`
    with targets as (
      select id from webhook_endpoints where enabled and ${type} = any(events)
    ), event as (
      insert into webhook_events (type, payload, contact_id)
      select ${type}, ${JSON.stringify(data)}::jsonb, ${contactId}
      where exists (select 1 from targets)
      returning id
    )
    insert into webhook_deliveries (endpoint_id, event_id)
    select targets.id, event.id from targets, event
    returning 1`);
  return resultRows(result).length;
}
