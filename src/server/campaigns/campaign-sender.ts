import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, campaigns, contacts } from '../../db/schema/index.ts';
import type { AudienceFilter, CampaignSendResult } from '../../shared/campaigns.ts';
import { composeEmailBody } from '../../shared/email-body.ts';
import { personalize } from '../../shared/personalize.ts';
import { conflict, notFound } from '../domain-error.ts';
import type { Mailer } from '../mail/create-mailer.ts';
import type { MailProvider, SentMessage } from '../mail/mail-provider.ts';
import { getMailSignature } from '../mail/mail-signature.ts';
import { DAILY_CAP_LOCK_KEY, remainingToday } from '../mail/mail-usage.ts';
import { removeOutboxCopy } from '../mail/outbox-provider.ts';
import { WorkerLoop } from '../worker-loop.ts';
import { chosenContactIds, insertRecipients, resultRows } from './campaign-audience.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/**
 * A row left `sending` longer than this belongs to a process that died (a send gives up after
 * 30 s): recover it (docs/decisions/044).
 */
export const INTERRUPTED_AFTER_MS = 2 * 60 * 1000;
/**
 * A Gmail attempt is looked up only this long after it began: the dead process's request may
 * still be with Google for its 30 s timeout, and a message just sent takes a moment to be found
 * by search. Before that, absence would prove nothing (docs/decisions/044).
 */
export const GMAIL_SETTLE_MS = 90 * 1000;
/** Gmail lookups per recovery pass (one API call each; a crash leaves at most {@link SEND_GROUP}). */
const LOOKUPS_PER_PASS = 100;
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

/** What an interrupted row's error says, by how far its attempt got (docs/decisions/044). */
export const INTERRUPTED_MESSAGES = {
  smtp: 'Interrupted: the mail server had the whole message but never confirmed it; it may have been delivered.',
  other: 'Interrupted while with the mail provider; it may have been delivered.',
} as const;

/** A claimed recipient with what its message is made of. */
interface Delivery {
  row: typeof campaignRecipients.$inferSelect;
  campaign: typeof campaigns.$inferSelect;
  contact: typeof contacts.$inferSelect;
  /** The owner's signature when the batch was claimed ('' for none). */
  signature: string;
}

/**
 * A campaign's HTML as one recipient gets it: personalised, then the owner's signature after the
 * '-- ' line, as every email to a contact has it (src/shared/email-body.ts).
 */
function campaignHtml(
  campaign: Pick<typeof campaigns.$inferSelect, 'htmlContent'>,
  recipient: { name: string; email: string },
  signature: string,
): string {
  return composeEmailBody(
    { format: 'html', content: personalize(campaign.htmlContent, recipient, true) },
    signature,
  ).html;
}

/** A provider call's result, as the lane records it (JSON for the recording statement). */
type Outcome =
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

  constructor(private readonly o: CampaignSenderOptions) {
    this.now = o.now ?? (() => new Date());
    this.domain = o.fromAddress.split('@').pop() || 'localhost';
    this.dataEnds = new DataEndMarks(o.db);
    this.loop = new WorkerLoop({
      name: 'campaign sender',
      log: o.log,
      pass: (signal) => this.runOnce(signal),
    });
  }

  /** Recovers rows a dead process left `sending` (decision 044), then polls every `intervalMs`. */
  start(intervalMs = 5000): void {
    void this.loop
      .exclusive(() => this.recover(this.o.interruptedAfterMs ?? INTERRUPTED_AFTER_MS))
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
    return this.resultFor(chosen);
  }

  /**
   * POST /api/admin/campaigns/{id}/resend-interrupted ('Resend to N interrupted', decision 044):
   * puts the campaign's `interrupted` rows that were never resent back to `pending`, marked
   * `resent_at`, and sends them like {@link send} (in the request up to {@link SYNC_SEND_LIMIT}).
   * A row resent this way that is interrupted again is never offered again: nobody gets it a
   * third time.
   * @param expected how many the admin confirmed (the button's N).
   * @returns the counts of the rows resent.
   * @throws DomainError `not-found` for a missing campaign; `conflict` when the campaign now has a different number
   *   of interrupted recipients to resend than `expected` (none, or the screen was stale).
   */
  async resendInterrupted(campaignId: number, expected: number): Promise<CampaignSendResult> {
    const ids = await this.o.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [campaign] = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
        .for('update');
      if (!campaign) throw notFound('Campaign');
      const resent = resultRows<{ id: number }>(
        await db.execute(sql`
          update campaign_recipients
          set status = 'pending', error_message = null, resent_at = now(), updated_at = now()
          where campaign_id = ${campaignId} and status = 'interrupted' and resent_at is null
          returning id`),
      ).map((r) => Number(r.id));
      if (resent.length !== expected) {
        // Thrown inside the transaction: nothing is re-queued.
        throw conflict(
          resent.length === 0
            ? 'No interrupted recipients are left to resend.'
            : `${resent.length} interrupted recipients can be resent now, not ${expected}; reopen the details.`,
        );
      }
      await db.update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, campaignId));
      return resent;
    });
    const chosen = and(eq(campaignRecipients.campaignId, campaignId), inArray(campaignRecipients.id, ids));
    if (ids.length <= SYNC_SEND_LIMIT && !this.loop.stopping) {
      await this.loop.exclusive((signal) => this.runOnce(signal, campaignId));
    } else {
      this.nudge();
    }
    return this.resultFor(chosen);
  }

  private async resultFor(chosen: SQL | undefined): Promise<CampaignSendResult> {
    const rows = await this.o.db
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

  /**
   * One pass: recover interrupted rows, send what the cap allows until nothing is due or `signal`
   * aborts, close finished campaigns.
   */
  async runOnce(signal?: AbortSignal, onlyCampaign?: number): Promise<void> {
    await this.recover(INTERRUPTED_AFTER_MS);
    while (!signal?.aborted) {
      const claimed = await this.claim(onlyCampaign);
      if (claimed.length === 0) break;
      await this.deliverBatch(claimed, signal);
    }
    await this.finishCampaigns();
  }

  /**
   * Recovers rows a stopped process left `sending` for longer than `afterMs`, by what can be
   * proven (docs/decisions/044):
   * - never attempted (claimed, not yet handed over) → `pending`;
   * - SMTP without `data_end_at`: the end of DATA never went out, and a server discards such a
   *   transaction → `pending`, sent again automatically (once: it was never delivered);
   * - Gmail, once the attempt is {@link GMAIL_SETTLE_MS} old: the account is searched for the
   *   row's Message-ID → `sent` (with its conversation copy) or `pending`; when Gmail cannot be
   *   asked → `interrupted`, naming why;
   * - the rest (SMTP past the end of DATA without the 250 recorded, the outbox, rows attempted
   *   before migration 0018) → `interrupted`, reported; the admin may resend them once.
   * Each update names the state it read, so two instances recovering at once change a row once.
   */
  private async recover(afterMs: number) {
    const now = this.now();
    const cutoff = new Date(now.getTime() - afterMs + 1);
    await this.o.db.execute(sql`
      update campaign_recipients set status = 'pending', updated_at = now()
      where status = 'sending' and attempted_at is null and updated_at < ${cutoff.toISOString()}::timestamptz`);
    await this.o.db.execute(sql`
      update campaign_recipients set status = 'pending', error_message = null, updated_at = now()
      where status = 'sending' and attempt_provider = 'smtp' and data_end_at is null
        and attempted_at < ${cutoff.toISOString()}::timestamptz`);
    await this.resolveGmail(new Date(Math.min(cutoff.getTime(), now.getTime() - GMAIL_SETTLE_MS)));
    await this.o.db.execute(sql`
      update campaign_recipients
      set status = 'interrupted', updated_at = now(),
        error_message = case when attempt_provider = 'smtp' then ${INTERRUPTED_MESSAGES.smtp}
          else ${INTERRUPTED_MESSAGES.other} end
      where status = 'sending' and attempted_at < ${cutoff.toISOString()}::timestamptz
        and attempt_provider is distinct from 'gmail'`);
  }

  /**
   * Settles Gmail attempts begun before `before` by Gmail's answer for their Message-ID. A row
   * Gmail has becomes `sent` and joins the recipient's conversation, as a send does; one it never
   * got goes back to `pending`; when Gmail cannot be asked it becomes `interrupted` with the reason.
   */
  private async resolveGmail(before: Date) {
    const rows = await this.o.db
      .select({ row: campaignRecipients, campaign: campaigns, contact: contacts })
      .from(campaignRecipients)
      .leftJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
      .leftJoin(contacts, eq(contacts.id, campaignRecipients.contactId))
      .where(
        and(
          eq(campaignRecipients.status, 'sending'),
          eq(campaignRecipients.attemptProvider, 'gmail'),
          lt(campaignRecipients.attemptedAt, before),
        ),
      )
      .limit(LOOKUPS_PER_PASS);
    const signature = rows.length > 0 ? await getMailSignature(this.o.db) : '';
    for (const { row, campaign, contact } of rows) {
      const check = row.messageId
        ? await this.o.mailer.findSent('gmail', row.messageId)
        : ({ found: 'unknown', reason: 'No Message-ID was recorded.' } as const);
      // Only the state read above is changed: another instance may have settled it meanwhile.
      const same = sql`id = ${row.id} and status = 'sending' and attempted_at = ${row.attemptedAt!.toISOString()}::timestamptz`;
      if (check.found === 'absent') {
        await this.o.db.execute(sql`
          update campaign_recipients set status = 'pending', error_message = null, updated_at = now()
          where ${same}`);
      } else if (check.found === 'unknown') {
        await this.o.db.execute(sql`
          update campaign_recipients
          set status = 'interrupted', updated_at = now(),
            error_message = ${`${INTERRUPTED_MESSAGES.other} ${check.reason}`.slice(0, 1000)}
          where ${same}`);
      } else {
        // Delivered: recorded as a send records it, the copy in the conversation included (a
        // deleted contact has no conversation left to join).
        const recipient = contact ? { name: contact.name, email: contact.email } : null;
        await this.o.db.execute(sql`
          with marked as (
            update campaign_recipients set status = 'sent', sent_at = attempted_at, error_message = null,
              updated_at = now()
            where ${same}
            returning id
          )
          insert into contact_messages (contact_id, sender, subject, content, campaign_name, sent_at, message_id)
          select ${contact?.id ?? null}::int, 'admin',
            ${campaign && recipient ? personalize(campaign.subject, recipient, false) : ''},
            ${campaign && recipient ? campaignHtml(campaign, recipient, signature) : ''},
            ${campaign?.name ?? null}, ${row.attemptedAt!.toISOString()}::timestamptz, ${row.messageId}
          from marked where ${recipient !== null && campaign !== null}`);
      }
    }
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
      // Imported without the owner confirming they agreed to email (README 'Contacts and leads').
      else if (contact.origin === 'import' && !contact.consentAt)
        unsendable.push({ id: row.id, status: 'skipped', error: 'No consent to email (imported)' });
      else sendable.push({ row, campaign, contact, signature });
    }
    if (unsendable.length > 0) await this.writeOutcomes(this.o.db, unsendable);
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
        await this.recordStep(outcomes, group, via);
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
        ...this.message(row.id, campaign, contact, signature),
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

  /**
   * One lane step in one statement: the `outcomes` of the lane's previous messages — rows `sent`
   * and their emails joining the recipients' conversations, marked with the campaign's name
   * (docs/product.md §8.5), rows `failed` with the error — and the `attempted_at` of the messages about to
   * go, with the provider `via` they go through (decision 044). A recipient erased while their
   * message was handed over gets no conversation entry, and its outbox copy is removed.
   */
  private async recordStep(outcomes: Outcome[], attempting: Delivery[], via: MailProvider['kind']) {
    if (outcomes.length === 0 && attempting.length === 0) return;
    const sent = outcomes.filter((o) => o.ok);
    const failed = outcomes.filter((o) => !o.ok);
    const erased = resultRows<{ id: number }>(
      await this.o.db.execute(sql`
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
  private async writeOutcomes(
    db: Db,
    outcomes: { id: number; status: 'failed' | 'skipped'; error: string }[],
  ) {
    await db.execute(sql`
      update campaign_recipients r set status = v.status, error_message = v.error, updated_at = now()
      from json_to_recordset(${JSON.stringify(outcomes)}::json) as v(id int, status text, error text)
      where r.id = v.id`);
  }

  /** The personalised message with the signature, its unsubscribe link and RFC 8058 headers. */
  private message(
    recipientId: number,
    campaign: typeof campaigns.$inferSelect,
    contact: typeof contacts.$inferSelect,
    signature: string,
  ) {
    const recipient = { name: contact.name, email: contact.email };
    const link = `${this.o.baseUrl()}/unsubscribe/${unsubscribeToken(this.o.unsubscribeKey, recipientId)}`;
    const html =
      campaignHtml(campaign, recipient, signature) +
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
      where c.status = 'sending' and c.pending_count = 0`);
  }
}

/**
 * Group commit of `data_end_at` (docs/decisions/044): each SMTP message awaits `mark(id)` before
 * its end of DATA; the ids that arrive while one commit runs go together in the next, so the
 * pool's concurrent messages cost one statement per round, not one each. Only a row still
 * `sending` is marked: one that another instance's recovery took over meanwhile (PostgreSQL, a
 * send stalled past INTERRUPTED_AFTER_MS) is refused, and its message abandoned before its end.
 */
class DataEndMarks {
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
