import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, type campaigns, type contacts } from '../../db/schema/index.ts';
import type { CampaignSendResult } from '../../shared/campaigns.ts';
import type { MailProvider, SentMessage } from '../mail/mail-provider.ts';
import { removeOutboxCopy } from '../mail/outbox-provider.ts';
import { queueWebhookEvent } from '../webhooks/queue-event.ts';
import { resultRows } from './campaign-audience.ts';

/**
 * What the campaign sender writes as it goes (decisions 029 and 044): each lane step's results and
 * next attempts in one statement, the end of DATA committed before it goes out, and campaigns with
 * nothing left marked sent.
 */

/** A claimed recipient with what its message is made of. */
export interface Delivery {
  row: typeof campaignRecipients.$inferSelect;
  campaign: typeof campaigns.$inferSelect;
  contact: typeof contacts.$inferSelect;
  /** The owner's signature when the batch was claimed ('' for none). */
  signature: string;
}

/** A provider call's result, as the lane records it (JSON for the recording statement). */
export type Outcome =
  | {
      ok: true;
      id: number;
      sentAt: Date;
      subject: string;
      /** The conversation copy: the personalised HTML without the unsubscribe footer. */
      content: string;
      campaignName: string;
      messageId: string | null;
      /** What the provider answered (the outbox names its file). */
      receipt: SentMessage;
    }
  | { ok: false; id: number; error: string };

/** A list of ids as one JSON parameter (any number of them fits one statement). */
const idsOf = (ids: readonly number[]) =>
  sql`(select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/**
 * One lane step in one statement: the `outcomes` of the lane's previous messages — rows `sent`
 * and their emails joining the recipients' conversations, marked with the campaign's name
 * (docs/product.md §8.5), rows `failed` with the error — and the `attempted_at` of the messages about to
 * go, with the provider `via` they go through (decision 044). A recipient erased while their
 * message was handed over gets no conversation entry, and its outbox copy is removed.
 */
export async function recordStep(
  db: Db,
  outcomes: Outcome[],
  attempting: Delivery[],
  via: MailProvider['kind'],
): Promise<void> {
  if (outcomes.length === 0 && attempting.length === 0) return;
  const sent = outcomes.filter((o) => o.ok);
  const failed = outcomes.filter((o) => !o.ok);
  const erased = resultRows<{ id: number }>(
    await db.execute(sql`
    with sent as (
      select * from json_to_recordset(${JSON.stringify(sent)}::json) as v(
        id int, "sentAt" timestamptz, subject text, content text,
        "campaignName" text, "messageId" text)
    ), marked_sent as (
      update campaign_recipients r
      set status = 'sent', sent_at = v."sentAt", error_message = null, updated_at = now()
      from sent v where r.id = v.id
    ), conversation as (
      -- The recipient row's contact now: the kept one after a merge, none once erased. The
      -- key-share lock keeps an erasure under way from deleting them before this commits (its
      -- own clean-up then finds the copy).
      insert into contact_messages (contact_id, sender, subject, content, campaign_name, sent_at, message_id)
      select c.id, 'admin', v.subject, v.content, v."campaignName", v."sentAt", v."messageId"
      from sent v join campaign_recipients r on r.id = v.id join contacts c on c.id = r.contact_id
      for key share of c
    ), marked_failed as (
      update campaign_recipients r
      set status = 'failed', error_message = v.error, updated_at = now()
      from json_to_recordset(${JSON.stringify(failed)}::json) as v(id int, error text)
      where r.id = v.id
    ), attempted as (
      update campaign_recipients
      set attempted_at = ${new Date().toISOString()}::timestamptz, attempt_provider = ${via}, data_end_at = null
      where id in ${idsOf(attempting.map((d) => d.row.id))}
    )
    select r.id from sent v join campaign_recipients r on r.id = v.id where r.email is null`),
  );
  // Erased (the row anonymised) during the hand-over: the erasure may have cleaned the outbox
  // before the copy was written.
  const gone = new Set(erased.map((e) => Number(e.id)));
  for (const o of sent) if (o.ok && gone.has(o.id)) await removeOutboxCopy(o.receipt);
}

/** Marks rows failed or skipped with their message, in one statement. */
export async function writeOutcomes(
  db: Db,
  outcomes: { id: number; status: 'failed' | 'skipped'; error: string }[],
) {
  await db.execute(sql`
    update campaign_recipients r set status = v.status, error_message = v.error, updated_at = now()
    from json_to_recordset(${JSON.stringify(outcomes)}::json) as v(id int, status text, error text)
    where r.id = v.id`);
}

/** Marks campaigns with nothing pending sent, and queues their `campaign.sent` events with it (decision 066). */
export async function finishCampaigns(db: Db, baseUrl: () => string): Promise<void> {
  await db.transaction(async (tx) => {
    const finished = (await tx.execute(sql`
      update campaigns c set status = 'sent', sent_at = coalesce(c.sent_at, now()), updated_at = now()
      where c.status = 'sending' and c.pending_count = 0
      returning c.id, c.name, c.recipient_count, c.sent_count, c.failed_count, c.sent_at`)) as unknown as {
      rows: {
        id: number;
        name: string;
        recipient_count: number;
        sent_count: number;
        failed_count: number;
        sent_at: Date | string;
      }[];
    };
    for (const c of finished.rows) {
      await queueWebhookEvent(tx as unknown as Db, 'campaign.sent', {
        id: Number(c.id),
        name: c.name,
        recipients: Number(c.recipient_count),
        sent: Number(c.sent_count),
        failed: Number(c.failed_count),
        sentAt: new Date(c.sent_at).toISOString(),
        url: `${baseUrl()}/admin/campaigns`,
      });
    }
  });
}

/**
 * Group commit of `data_end_at` (docs/decisions/044): each SMTP message awaits `mark(id)` before
 * its end of DATA; the ids that arrive while one commit runs go together in the next, so the
 * pool's concurrent messages cost one statement per round, not one each. Only a row still
 * `sending` is marked: one that another instance's recovery took over meanwhile (PostgreSQL, a
 * send stalled past INTERRUPTED_AFTER_MS) is refused, and its message abandoned before its end.
 */
export class DataEndMarks {
  private waiting: { id: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  /** Resolves once `id`'s `data_end_at` is committed. @throws when it could not be. */
  mark(id: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ id, resolve, reject });
      if (!this.running) void this.flush();
    });
  }

  private async flush() {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        const marked = new Set(
          resultRows<{ id: number }>(
            await this.db.execute(sql`
              update campaign_recipients set data_end_at = now()
              where id in ${idsOf(batch.map((b) => b.id))} and status = 'sending'
              returning id`),
          ).map((r) => Number(r.id)),
        );
        for (const b of batch) {
          if (marked.has(b.id)) b.resolve();
          else b.reject(new Error('The recipient is no longer being sent by this process.'));
        }
      } catch (error) {
        for (const b of batch) b.reject(error as Error);
      }
    }
    this.running = false;
  }
}

/**
 * The counts of the recipient rows `chosen` selects, as a send answers them (sent, failed or
 * interrupted, skipped, still pending or sending).
 */
export async function sendResult(db: Db, chosen: SQL | undefined): Promise<CampaignSendResult> {
  const rows = await db
    .select({ status: campaignRecipients.status, n: sql<number>`count(*)` })
    .from(campaignRecipients)
    .where(chosen)
    .groupBy(campaignRecipients.status);
  const by = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  const success = by('sent');
  const failed = by('failed') + by('interrupted');
  const skipped = by('skipped');
  return {
    sentCount: success + failed + skipped,
    success,
    failed,
    skipped,
    pending: by('pending') + by('sending'),
  };
}
