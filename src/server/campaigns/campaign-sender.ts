import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, campaigns, contacts } from '../../db/schema/index.ts';
import type { AudienceFilter, CampaignSendResult } from '../../shared/campaigns.ts';
import { notFound } from '../domain-error.ts';
import type { Mailer } from '../mail/create-mailer.ts';
import type { MailProvider } from '../mail/mail-provider.ts';
import { getMailSignature } from '../mail/mail-signature.ts';
import { DAILY_CAP_LOCK_KEY, remainingToday } from '../mail/mail-usage.ts';
import { WorkerLoop } from '../worker-loop.ts';
import { chosenContactIds, insertRecipients, resultRows } from './campaign-audience.ts';
import { campaignHtml, campaignMessage } from './campaign-message.ts';
import {
  DataEndMarks,
  type Delivery,
  finishCampaigns,
  type Outcome,
  recordStep,
  sendResult,
  writeOutcomes,
} from './campaign-record.ts';
import {
  INTERRUPTED_AFTER_MS,
  type RecoveryOptions,
  recoverInterrupted,
  requeueInterrupted,
} from './campaign-recovery.ts';
/** Sends of at most this many recipients finish inside the request (docs/product.md §8.2). */
export const SYNC_SEND_LIMIT = 50;
/** Rows claimed per transaction (one claim and one cap count per 200, not per 20). */
const BATCH = 200;
/**
 * Lanes that send side by side (decision 029): while one writes its results and its next attempts
 * (one database round trip and commit), the other's messages are with the provider, so neither
 * the SMTP pool nor the database waits for the other.
 */
const LANES = 2;
/** Messages a lane hands to the provider at once: two per pooled SMTP connection (5). */
const LANE_SIZE = 10;
/**
 * The most recipients ever attempted without a recorded result, all lanes together: a crash
 * leaves at most this many `interrupted` (decision 011: reported, never resent).
 */
export const SEND_GROUP = LANES * LANE_SIZE;

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
 * Durable campaign sending (decisions 011 and 044). Recipients are rows; any instance's worker
 * claims `pending` rows of `sending` campaigns in small batches with `FOR UPDATE SKIP LOCKED` and
 * marks them `sending`; right before each provider call the row's `attempted_at` and the provider's
 * kind are committed, over SMTP also `data_end_at` just before the end of DATA; then it becomes
 * `sent` or `failed`. After a crash a row is recovered by what can be proven: never attempted, or
 * SMTP without the end of DATA → `pending` (the server discarded it; sent once, automatically);
 * Gmail → looked up by its Message-ID (`sent` or `pending`); otherwise `interrupted`, which the
 * admin may resend once ('Resend to N interrupted'). Nobody gets a campaign twice unless the admin
 * resends to a recipient who may already have it. The rolling 24-hour cap holds back what exceeds
 * it; those rows stay `pending` until the window frees. A campaign with nothing left to send
 * becomes `sent`.
 */
export class CampaignSender {
  private readonly loop: WorkerLoop;
  private readonly now: () => Date;
  /** The domain of the sender address, for Message-IDs. */
  private readonly domain: string;
  /** Commits `data_end_at` as SMTP messages reach their end of DATA (group commit). */
  private readonly dataEnds: DataEndMarks;
  private readonly recovery: RecoveryOptions;

  constructor(private readonly o: CampaignSenderOptions) {
    this.now = o.now ?? (() => new Date());
    this.domain = o.fromAddress.split('@').pop() || 'localhost';
    this.dataEnds = new DataEndMarks(o.db);
    this.recovery = { db: o.db, mailer: o.mailer, now: this.now };
    this.loop = new WorkerLoop({
      name: 'campaign sender',
      log: o.log,
      pass: (signal) => this.runOnce(signal),
    });
  }

  /** Recovers rows a dead process left `sending` (decision 044), then polls every `intervalMs`. */
  start(intervalMs = 5000): void {
    void this.loop
      .exclusive(() => recoverInterrupted(this.recovery, this.o.interruptedAfterMs ?? INTERRUPTED_AFTER_MS))
      .catch((err) => this.o.log.error({ err }, 'campaign recovery failed'));
    this.loop.start(intervalMs);
  }

  /**
   * Resolves once the work queued so far (the start-up recovery, the first pass) has ended: a
   * pass run directly after it (`runOnce`, as tests do) then never overlaps one of the loop's.
   */
  idle(): Promise<void> {
    return this.loop.exclusive(async () => undefined);
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
   * POST /api/admin/campaigns/{id}/send: queues the chosen contacts — hand-picked ids and/or an
   * audience filter, inserted by the database in one statement (decision 029) — and, for a small
   * batch, sends it before answering. Already-sent addresses are never queued again; failed or
   * interrupted ones are retried when chosen again. For a draft, the choice replaces the
   * recipients kept at creation, unless `draftRecipients` says to send to those.
   * @returns counts for the chosen recipients; `pending > 0` means it continues in the background.
   * @throws DomainError `not-found` for a missing campaign.
   */
  async send(
    campaignId: number,
    choice: {
      recipientIds?: number[];
      audience?: AudienceFilter;
      excludeIds?: number[];
      draftRecipients?: boolean;
    },
  ): Promise<CampaignSendResult> {
    const ids = [...new Set(choice.recipientIds ?? [])];
    const exclude = choice.excludeIds ?? [];
    const picked = { audience: choice.audience, recipientIds: ids, excludeIds: exclude };
    const chosenIds = chosenContactIds(picked);
    let keepDraft = false;
    // The answer counts the hand-picked contacts (as before: already sent ones too) and the rows
    // this send queued: inserted by its transaction (created_at is the transaction's now()) or put
    // back to pending from failed/interrupted — not the audience's addresses an earlier send
    // already reached.
    let since = '';
    let retried: number[] = [];
    await this.o.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
      if (!campaign) throw notFound('Campaign');
      keepDraft = campaign.status === 'draft' && choice.draftRecipients === true;
      if (campaign.status === 'draft') {
        // The send confirms the recipients: a draft's earlier choice is replaced (or, kept, loses
        // the contacts left out), or the worker would mail it along with the rest. Nothing of a
        // draft was sent, so no unsubscribe link breaks.
        await db.execute(sql`
          delete from campaign_recipients where campaign_id = ${campaignId} and status = 'pending'
          ${keepDraft ? sql`and contact_id in (select value::int from json_array_elements_text(${JSON.stringify(exclude)}::json))` : sql``}`);
      }
      since = resultRows<{ now: string }>(await db.execute(sql`select now()::text as now`))[0]!.now;
      await insertRecipients(db, campaignId, picked);
      // An interrupted row may have been delivered: it is resent at most once (decision 044).
      retried = resultRows<{ id: number }>(
        await db.execute(sql`
          update campaign_recipients set status = 'pending', error_message = null, updated_at = now(),
            resent_at = case when status = 'interrupted' then now() else resent_at end
          where campaign_id = ${campaignId}
            and (status = 'failed' or (status = 'interrupted' and resent_at is null))
            and contact_id in ${chosenIds}
          returning id`),
      ).map((r) => Number(r.id));
      await db.update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, campaignId));
    });
    // A kept draft: its recipients are all chosen (the left-out ones were deleted above).
    const chosen = and(
      eq(campaignRecipients.campaignId, campaignId),
      keepDraft
        ? undefined
        : sql`(${campaignRecipients.createdAt} >= ${since}::timestamptz
            or ${campaignRecipients.id} in (select value::int from json_array_elements_text(${JSON.stringify(retried)}::json))
            or ${campaignRecipients.contactId} in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json)))`,
    );
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
    return sendResult(this.o.db, chosen);
  }

  /**
   * POST /api/admin/campaigns/{id}/resend-interrupted ('Resend to N interrupted', decision 044):
   * re-queues the rows ({@link requeueInterrupted}) and sends them like {@link send}. A row
   * resent this way that is interrupted again is never offered again: nobody gets it a third time.
   * @param expected how many the admin confirmed (the button's N).
   * @returns the counts of the rows resent. @throws as {@link requeueInterrupted}.
   */
  async resendInterrupted(campaignId: number, expected: number): Promise<CampaignSendResult> {
    const ids = await requeueInterrupted(this.o.db, campaignId, expected);
    const chosen = and(eq(campaignRecipients.campaignId, campaignId), inArray(campaignRecipients.id, ids));
    if (ids.length <= SYNC_SEND_LIMIT && !this.loop.stopping) {
      await this.loop.exclusive((signal) => this.runOnce(signal, campaignId));
    } else {
      this.nudge();
    }
    return sendResult(this.o.db, chosen);
  }

  /**
   * One pass: recover interrupted rows, send what the cap allows until nothing is due or `signal`
   * aborts, close finished campaigns.
   */
  async runOnce(signal?: AbortSignal, onlyCampaign?: number): Promise<void> {
    await recoverInterrupted(this.recovery, INTERRUPTED_AFTER_MS);
    while (!signal?.aborted) {
      const claimed = await this.claim(onlyCampaign);
      if (claimed.length === 0) break;
      await this.deliverBatch(claimed, signal);
    }
    await finishCampaigns(this.o.db, this.o.baseUrl);
  }

  private async claim(onlyCampaign?: number) {
    return this.o.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.execute(sql`select pg_advisory_xact_lock(${DAILY_CAP_LOCK_KEY})`);
      const now = this.now();
      // In (campaign, id) order, the order of the partial index on pending rows: the next rows
      // are found without sorting a million pending ones (decision 029).
      const locked = resultRows<{ id: number }>(
        await db.execute(sql`
          select r.id from campaign_recipients r
          where r.status = 'pending'
            and r.campaign_id in (select k.id from campaigns k where k.status = 'sending')
            ${onlyCampaign === undefined ? sql`` : sql`and r.campaign_id = ${onlyCampaign}`}
          order by r.campaign_id, r.id
          limit ${BATCH}
          for update of r skip locked`),
      );
      // The cap is counted only when something is due: an idle poll stays one cheap query.
      if (locked.length === 0) return [];
      const due = locked.slice(0, Math.max(0, await remainingToday(db, this.o.dailyLimit, now)));
      if (due.length === 0) return [];
      return db
        .update(campaignRecipients)
        .set({
          status: 'sending',
          attemptedAt: null,
          attemptProvider: null,
          dataEndAt: null,
          updatedAt: now,
          // Chosen once and kept through retries (decision 023): a bounce or reply quoting it finds the row.
          messageId: sql`coalesce(${campaignRecipients.messageId}, gen_random_uuid()::text || ${`@${this.domain}`})`,
        })
        .where(
          inArray(
            campaignRecipients.id,
            due.map((d) => Number(d.id)),
          ),
        )
        .returning();
    });
  }

  /**
   * Sends a claimed batch through {@link LANES} lanes that run side by side, each handing
   * {@link LANE_SIZE} messages at a time to the provider. A lane's step is one statement (one
   * round trip, one commit) that writes the results of its previous messages (rows `sent` with
   * their copies in the conversations, rows `failed` with the provider's error) and commits the
   * `attempted_at` of its next ones before their provider calls; while one lane waits on the
   * database the other's messages are with the provider. So at most {@link SEND_GROUP} rows are
   * ever attempted without a result: a crash leaves at most that many `interrupted`. When `signal`
   * aborts, the messages not started go back to `pending`.
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

    const sendable: Delivery[] = [];
    const signature = await getMailSignature(this.o.db);
    const unsendable: { id: number; status: 'failed' | 'skipped'; error: string }[] = [];
    for (const row of rows) {
      const campaign = campaignById.get(row.campaignId);
      const contact = row.contactId ? contactById.get(row.contactId) : undefined;
      if (!campaign || !contact)
        unsendable.push({ id: row.id, status: 'failed', error: 'The contact was deleted.' });
      else if (contact.unsubscribedAt)
        unsendable.push({ id: row.id, status: 'skipped', error: 'Unsubscribed' });
      else if (contact.bouncingAt)
        unsendable.push({ id: row.id, status: 'skipped', error: 'Address bouncing' });
      // Imported without the owner confirming they agreed to email (docs/guide.md 'Contacts and leads').
      else if (contact.origin === 'import' && !contact.consentAt)
        unsendable.push({ id: row.id, status: 'skipped', error: 'No consent to email (imported)' });
      else sendable.push({ row, campaign, contact, signature });
    }
    if (unsendable.length > 0) await writeOutcomes(this.o.db, unsendable);
    // The provider this batch goes through, recorded with each attempt: after a crash it says how
    // to find out what became of the message (decision 044).
    const via = (await this.o.mailer.active()).kind;

    // The lanes take their next messages from one shared position in `sendable`.
    let next = 0;
    const take = () => {
      if (signal?.aborted || next >= sendable.length) return [];
      const group = sendable.slice(next, next + LANE_SIZE);
      next += group.length;
      return group;
    };
    const lane = async () => {
      let outcomes: Outcome[] = [];
      for (;;) {
        const group = take();
        // One commit: the previous results, and (from here on the provider may deliver them: a
        // crash now must not lead to a resend) the next messages' attempt.
        await recordStep(this.o.db, outcomes, group, via);
        if (group.length === 0) return;
        outcomes = await Promise.all(group.map((d) => this.deliver(d, via)));
      }
    };
    const lanes = await Promise.allSettled(Array.from({ length: LANES }, lane));
    if (next < sendable.length) {
      await this.o.db
        .update(campaignRecipients)
        .set({ status: 'pending' })
        .where(
          inArray(
            campaignRecipients.id,
            sendable.slice(next).map((s) => s.row.id),
          ),
        );
    }
    const failure = lanes.find((l) => l.status === 'rejected');
    if (failure) throw failure.reason;
  }

  /**
   * Hands one message to the provider `via`; never throws (a refusal is the outcome). Over SMTP
   * the end of DATA waits until `data_end_at` is committed (decision 044).
   */
  private async deliver(
    { row, campaign, contact, signature }: Delivery,
    via: MailProvider['kind'],
  ): Promise<Outcome> {
    try {
      const message = {
        ...campaignMessage(this.o, row.id, campaign, contact, signature),
        messageId: row.messageId ?? undefined,
      };
      const receipt = await this.o.mailer.send(message, {
        via,
        beforeDataEnd: () => this.dataEnds.mark(row.id),
      });
      return {
        ok: true,
        id: row.id,
        sentAt: new Date(),
        subject: message.subject,
        content: campaignHtml(campaign, contact, signature),
        campaignName: campaign.name,
        messageId: row.messageId,
        receipt,
      };
    } catch (error) {
      return { ok: false, id: row.id, error: (error as Error).message.slice(0, 1000) };
    }
  }
}
