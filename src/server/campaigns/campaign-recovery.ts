import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { campaignRecipients, campaigns, contacts } from '../../db/schema/index.ts';
import { personalize } from '../../shared/personalize.ts';
import { conflict, notFound } from '../domain-error.ts';
import type { Mailer } from '../mail/create-mailer.ts';
import { getMailSignature } from '../mail/mail-signature.ts';
import { resultRows } from './campaign-audience.ts';
import { campaignHtml } from './campaign-message.ts';

/**
 * Recovery of campaign recipients a stopped process left `sending` (docs/decisions/044), run by
 * the campaign sender at start-up and before each pass.
 */

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
/** What an interrupted row's error says, by how far its attempt got (docs/decisions/044). */
export const INTERRUPTED_MESSAGES = {
  smtp: 'Interrupted: the mail server had the whole message but never confirmed it; it may have been delivered.',
  other: 'Interrupted while with the mail provider; it may have been delivered.',
} as const;

/** What recovery needs of the sender: the database, the mailer (Gmail lookups) and the clock. */
export interface RecoveryOptions {
  db: Db;
  mailer: Mailer;
  now: () => Date;
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
export async function recoverInterrupted(o: RecoveryOptions, afterMs: number): Promise<void> {
  const now = o.now();
  const cutoff = new Date(now.getTime() - afterMs + 1);
  await o.db.execute(sql`
    update campaign_recipients set status = 'pending', updated_at = now()
    where status = 'sending' and attempted_at is null and updated_at < ${cutoff.toISOString()}::timestamptz`);
  await o.db.execute(sql`
    update campaign_recipients set status = 'pending', error_message = null, updated_at = now()
    where status = 'sending' and attempt_provider = 'smtp' and data_end_at is null
      and attempted_at < ${cutoff.toISOString()}::timestamptz`);
  await resolveGmail(o, new Date(Math.min(cutoff.getTime(), now.getTime() - GMAIL_SETTLE_MS)));
  await o.db.execute(sql`
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
async function resolveGmail(o: RecoveryOptions, before: Date) {
  const rows = await o.db
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
  const signature = rows.length > 0 ? await getMailSignature(o.db) : '';
  for (const { row, campaign, contact } of rows) {
    const check = row.messageId
      ? await o.mailer.findSent('gmail', row.messageId)
      : ({ found: 'unknown', reason: 'No Message-ID was recorded.' } as const);
    // Only the state read above is changed: another instance may have settled it meanwhile.
    const same = sql`id = ${row.id} and status = 'sending' and attempted_at = ${row.attemptedAt!.toISOString()}::timestamptz`;
    if (check.found === 'absent') {
      await o.db.execute(sql`
        update campaign_recipients set status = 'pending', error_message = null, updated_at = now()
        where ${same}`);
    } else if (check.found === 'unknown') {
      await o.db.execute(sql`
        update campaign_recipients
        set status = 'interrupted', updated_at = now(),
          error_message = ${`${INTERRUPTED_MESSAGES.other} ${check.reason}`.slice(0, 1000)}
        where ${same}`);
    } else {
      // Delivered: recorded as a send records it, the copy in the conversation included (a
      // deleted contact has no conversation left to join).
      const recipient = contact ? { name: contact.name, email: contact.email } : null;
      await o.db.execute(sql`
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

/**
 * Puts campaign `campaignId`'s `interrupted` rows that were never resent back to `pending`, marked
 * `resent_at` ('Resend to N interrupted', decision 044), in one transaction with the campaign row
 * locked, and sets the campaign sending again.
 * @returns the ids of the rows re-queued.
 * @throws DomainError `not-found` for a missing campaign; `conflict` (nothing re-queued) when
 *   their number is not `expected`.
 */
export async function requeueInterrupted(db: Db, campaignId: number, expected: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [campaign] = await t
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .for('update');
    if (!campaign) throw notFound('Campaign');
    const resent = resultRows<{ id: number }>(
      await t.execute(sql`
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
    await t.update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, campaignId));
    return resent;
  });
}
