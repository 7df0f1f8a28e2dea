import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, campaigns, contactMessages, contacts } from '../../db/schema/index.ts';
import type { CampaignSendResult } from '../../shared/campaigns.ts';
import { personalize } from '../../shared/personalize.ts';
import { notFound } from '../http-error.ts';
import type { Mailer } from '../mail/create-mailer.ts';
import { DAILY_CAP_LOCK_KEY, remainingToday } from '../mail/mail-usage.ts';
import { WorkerLoop } from '../worker-loop.ts';
import { addRecipients } from './campaign-operations.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/**
 * A row left `sending` longer than this belongs to a process that died (a send gives up after
 * 30 s): report it, never resend.
 */
const INTERRUPTED_AFTER_MS = 2 * 60 * 1000;
/** Sends of at most this many recipients finish inside the request (spec §7 answer with counts). */
export const SYNC_SEND_LIMIT = 50;
const BATCH = 20;
/** Messages handed to the provider at once (the SMTP pool keeps 5 connections). */
const CONCURRENCY = 5;

export interface CampaignSenderOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Messages allowed per rolling 24 hours, all kinds together (MAIL_DAILY_LIMIT). */
  dailyLimit: number;
  /** Key that signs unsubscribe links. */
  unsubscribeKey: Buffer;
  /** The public base URL for unsubscribe links. */
  baseUrl: () => string;
  /** The company address, for the `mailto:` unsubscribe. */
  fromAddress: string;
  /**
   * How long a `sending` row may stay so before it counts as interrupted. With PGlite only one
   * process ever sends (the data folder is locked), so at start-up every such row is interrupted: 0.
   */
  interruptedAfterMs?: number;
  now?: () => Date;
}

/**
 * `contact_id` is one of `ids`, bound as one JSON parameter: a send may choose up to 100,000
 * recipients, past PostgreSQL's 65,535 parameters per query (issue #10 §6).
 */
const isChosen = (ids: number[]) =>
  sql`${campaignRecipients.contactId} in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/**
 * Durable campaign sending (DESIGN §3 'Campaigns'). Recipients are rows; any instance's worker
 * claims `pending` rows of `sending` campaigns in small batches with `FOR UPDATE SKIP LOCKED` and
 * marks them `sending`; right before each provider call the row's `attempted_at` is committed, then
 * it becomes `sent` or `failed`. After a crash, claimed rows never attempted go back to `pending`,
 * and attempted ones become `interrupted` — reported, not resent — so nobody gets a campaign twice.
 * The rolling 24-hour cap holds back what exceeds it; those rows stay `pending` until the window
 * frees. A campaign with nothing left to send becomes `sent`.
 */
export class CampaignSender {
  private readonly loop: WorkerLoop;
  private readonly now: () => Date;

  constructor(private readonly o: CampaignSenderOptions) {
    this.now = o.now ?? (() => new Date());
    this.loop = new WorkerLoop({
      name: 'campaign sender',
      log: o.log,
      pass: (signal) => this.runOnce(signal),
    });
  }

  /** Marks rows a dead process left `sending` as interrupted, then polls every `intervalMs`. */
  start(intervalMs = 5000): void {
    void this.loop
      .exclusive(() => this.markInterrupted(this.o.interruptedAfterMs ?? INTERRUPTED_AFTER_MS))
      .catch((err) => this.o.log.error({ err }, 'campaign recovery failed'));
    this.loop.start(intervalMs);
  }

  /** Runs a pass soon (serialised with any pass under way; nudges coalesce). */
  nudge(): void {
    this.loop.nudge();
  }

  /**
   * Stops polling; the pass under way ends after the group in the provider's hands (claimed rows
   * not attempted go back to `pending`). Waits at most `deadlineMs`.
   */
  stop(deadlineMs = 5000): Promise<boolean> {
    return this.loop.stop(deadlineMs);
  }

  /**
   * POST /api/admin/campaigns/{id}/send: queues the chosen contacts (already-sent ones are never
   * queued again; failed or interrupted ones are retried when chosen again) and, for a small batch,
   * sends it before answering. For a draft, the chosen contacts replace the ones kept at creation.
   * @returns counts for the chosen recipients; `pending > 0` means it continues in the background.
   * @throws HttpError 404 for a missing campaign.
   */
  async send(campaignId: number, contactIds: number[]): Promise<CampaignSendResult> {
    const ids = [...new Set(contactIds)];
    await this.o.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
      if (!campaign) throw notFound('Campaign');
      if (campaign.status === 'draft') {
        // The send confirms the recipients: a draft's earlier choice left out now is dropped,
        // or the worker would mail it along with the rest.
        await db.execute(sql`
          delete from campaign_recipients
          where campaign_id = ${campaignId} and status = 'pending'
            and (contact_id is null
              or contact_id not in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json)))`);
      }
      await addRecipients(db, campaignId, ids);
      await db.execute(sql`
        update campaign_recipients set status = 'pending', error_message = null, updated_at = now()
        where campaign_id = ${campaignId} and status in ('failed', 'interrupted')
          and contact_id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`);
      await db.update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, campaignId));
    });
    const chosen = and(eq(campaignRecipients.campaignId, campaignId), isChosen(ids));
    const [waiting] = await this.o.db
      .select({ n: sql<number>`count(*)` })
      .from(campaignRecipients)
      .where(and(chosen, eq(campaignRecipients.status, 'pending')));
    // While shutting down the recipients stay recorded as pending: the next start sends them.
    if (Number(waiting?.n ?? 0) <= SYNC_SEND_LIMIT && !this.loop.stopping) {
      await this.loop.exclusive((signal) => this.runOnce(signal, campaignId));
    } else {
      this.nudge();
    }
    return this.resultFor(campaignId, ids);
  }

  private async resultFor(campaignId: number, ids: number[]): Promise<CampaignSendResult> {
    const rows = await this.o.db
      .select({ status: campaignRecipients.status, n: sql<number>`count(*)` })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, campaignId), isChosen(ids)))
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

  /**
   * One pass: recover interrupted rows, send what the cap allows until nothing is due or `signal`
   * aborts, close finished campaigns.
   */
  async runOnce(signal?: AbortSignal, onlyCampaign?: number): Promise<void> {
    await this.markInterrupted(INTERRUPTED_AFTER_MS);
    while (!signal?.aborted) {
      const claimed = await this.claim(onlyCampaign);
      if (claimed.length === 0) break;
      await this.deliverBatch(claimed, signal);
    }
    await this.finishCampaigns();
  }

  /**
   * Recovers rows a stopped process left `sending`: never attempted (claimed in its batch but not
   * yet handed to the provider) go back to `pending`; attempted ones become `interrupted`, since
   * the provider may have delivered them.
   */
  private async markInterrupted(afterMs: number) {
    const cutoff = new Date(this.now().getTime() - afterMs + 1);
    await this.o.db
      .update(campaignRecipients)
      .set({ status: 'pending' })
      .where(
        and(
          eq(campaignRecipients.status, 'sending'),
          isNull(campaignRecipients.attemptedAt),
          lt(campaignRecipients.updatedAt, cutoff),
        ),
      );
    await this.o.db
      .update(campaignRecipients)
      .set({
        status: 'interrupted',
        errorMessage: 'Interrupted: the server stopped while sending. Not resent, to avoid a duplicate.',
      })
      .where(and(eq(campaignRecipients.status, 'sending'), lt(campaignRecipients.attemptedAt, cutoff)));
  }

  private async claim(onlyCampaign?: number) {
    return this.o.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.execute(sql`select pg_advisory_xact_lock(${DAILY_CAP_LOCK_KEY})`);
      const now = this.now();
      const locked = await db
        .select({ id: campaignRecipients.id })
        .from(campaignRecipients)
        .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
        .where(
          and(
            eq(campaignRecipients.status, 'pending'),
            eq(campaigns.status, 'sending'),
            onlyCampaign === undefined ? undefined : eq(campaignRecipients.campaignId, onlyCampaign),
          ),
        )
        .orderBy(campaignRecipients.id)
        .limit(BATCH)
        .for('update', { of: campaignRecipients, skipLocked: true });
      // The cap is counted only when something is due: an idle poll stays one cheap query.
      if (locked.length === 0) return [];
      const due = locked.slice(0, Math.max(0, await remainingToday(db, this.o.dailyLimit, now)));
      if (due.length === 0) return [];
      return db
        .update(campaignRecipients)
        .set({ status: 'sending', attemptedAt: null, updatedAt: now })
        .where(
          inArray(
            campaignRecipients.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  /**
   * Sends a claimed batch, `CONCURRENCY` messages at a time (one per pooled SMTP connection).
   * Each group's `attempted_at` is committed before its provider calls, so a crash leaves at most
   * one group `interrupted`. When `signal` aborts, the groups not started go back to `pending`.
   */
  private async deliverBatch(rows: (typeof campaignRecipients.$inferSelect)[], signal?: AbortSignal) {
    const campaignIds = [...new Set(rows.map((r) => r.campaignId))];
    const contactIds = rows.flatMap((r) => (r.contactId ? [r.contactId] : []));
    const campaignById = new Map(
      (await this.o.db.select().from(campaigns).where(inArray(campaigns.id, campaignIds))).map((c) => [
        c.id,
        c,
      ]),
    );
    const contactById = new Map(
      contactIds.length === 0
        ? []
        : (await this.o.db.select().from(contacts).where(inArray(contacts.id, contactIds))).map((c) => [
            c.id,
            c,
          ]),
    );
    const finish = (id: number, values: Partial<typeof campaignRecipients.$inferInsert>) =>
      this.o.db.update(campaignRecipients).set(values).where(eq(campaignRecipients.id, id));

    const sendable: {
      row: (typeof rows)[number];
      campaign: typeof campaigns.$inferSelect;
      contact: typeof contacts.$inferSelect;
    }[] = [];
    for (const row of rows) {
      const campaign = campaignById.get(row.campaignId);
      const contact = row.contactId ? contactById.get(row.contactId) : undefined;
      if (!campaign || !contact)
        await finish(row.id, { status: 'failed', errorMessage: 'The contact was deleted.' });
      else if (contact.unsubscribedAt)
        await finish(row.id, { status: 'skipped', errorMessage: 'Unsubscribed' });
      else sendable.push({ row, campaign, contact });
    }

    for (let i = 0; i < sendable.length; i += CONCURRENCY) {
      if (signal?.aborted) {
        await this.o.db
          .update(campaignRecipients)
          .set({ status: 'pending' })
          .where(
            inArray(
              campaignRecipients.id,
              sendable.slice(i).map((s) => s.row.id),
            ),
          );
        return;
      }
      const group = sendable.slice(i, i + CONCURRENCY);
      // From here on the provider may deliver them: a crash now must not lead to a resend.
      await this.o.db
        .update(campaignRecipients)
        .set({ attemptedAt: new Date() })
        .where(
          inArray(
            campaignRecipients.id,
            group.map((g) => g.row.id),
          ),
        );
      await Promise.all(
        group.map(async ({ row, campaign, contact }) => {
          try {
            const message = this.message(row.id, campaign, contact);
            await this.o.mailer.send(message);
            // The email joins the recipient's conversation, marked with the campaign's name, in
            // the transaction that marks the row sent (issue #11 §3).
            await this.o.db.transaction(async (tx) => {
              const sentAt = new Date();
              await tx
                .update(campaignRecipients)
                .set({ status: 'sent', sentAt, errorMessage: null })
                .where(eq(campaignRecipients.id, row.id));
              await tx.insert(contactMessages).values({
                contactId: contact.id,
                sender: 'admin',
                subject: message.subject,
                content: personalize(campaign.htmlContent, contact, true),
                campaignName: campaign.name,
                sentAt,
              });
            });
          } catch (error) {
            await finish(row.id, { status: 'failed', errorMessage: (error as Error).message.slice(0, 1000) });
          }
        }),
      );
    }
  }

  /** The personalised message with its unsubscribe link and RFC 8058 headers. */
  private message(
    recipientId: number,
    campaign: typeof campaigns.$inferSelect,
    contact: typeof contacts.$inferSelect,
  ) {
    const recipient = { name: contact.name, email: contact.email };
    const link = `${this.o.baseUrl()}/unsubscribe/${unsubscribeToken(this.o.unsubscribeKey, recipientId)}`;
    const html =
      personalize(campaign.htmlContent, recipient, true) +
      `<p style="margin-top:32px;font-size:12px;color:#64748b">You receive this because you contacted us. ` +
      `<a href="${link}">Unsubscribe</a></p>`;
    return {
      to: { name: contact.name, address: contact.email },
      subject: personalize(campaign.subject, recipient, false),
      html,
      headers: {
        'List-Unsubscribe': `<${link}>, <mailto:${this.o.fromAddress}?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  private async finishCampaigns() {
    await this.o.db.execute(sql`
      update campaigns c set status = 'sent', sent_at = coalesce(c.sent_at, now()), updated_at = now()
      where c.status = 'sending' and not exists (
        select 1 from campaign_recipients r where r.campaign_id = c.id and r.status in ('pending', 'sending'))`);
  }
}
