import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { ParsedContactRequest } from '../../shared/contact.ts';
import { type DeviceClass, leadSourceLabel, type ParsedLeadSource } from '../../shared/lead-source.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { leadNotification } from '../mail/lead-notification.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import { pushMessageCte, queueHeldSpamPush } from '../push/queue-push.ts';
import { holds, type SpamReason } from '../spam/content-checks.ts';
import { countHeldSpam, HELD_SPAM_COUNT_CAP, heldSpamCountSql } from '../spam/held-spam.ts';
import { spendChallengeSql, type VerifiedPow } from '../spam/proof-of-work.ts';
import { webhookEventCtes } from '../webhooks/queue-event.ts';
import { isUnsubscribedSql } from './address-hash.ts';
import { formMessageHtml } from './form-message-html.ts';

/** What the route learned about a submission before storing it (decision 037). */
export interface SubmissionVerdict {
  /**
   * Reasons found so far: a missing or invalid proof of work and the honeypot hold the submission;
   * content signals only mark it 'Possible spam' (decision 057).
   */
  spamReasons: SpamReason[];
  /** A verified proof of work, spent in the lead's transaction (a replay turns it into `pow`). */
  pow: VerifiedPow | null;
  /** The visit's first touch as the tab sent it, bounded. */
  source: ParsedLeadSource | undefined;
  /** The device class the server read from the user agent. */
  device: DeviceClass | null;
}

/**
 * Stores a lead from the public form (docs/product.md §3.5) and queues the owner's
 * notification in the same transaction: the lead is committed before this resolves (a 201 means
 * it is saved), and a mail outage can only delay the notification.
 *
 * Quarantine (decisions 037, 057): a submission without a valid proof of work (or whose proof was
 * already spent, checked here in the same transaction) or with the honeypot filled is stored with
 * status `spam` and its reasons, and no notification is queued. Content signals alone never hold
 * it: the lead is `new`, notified and counted, its signals kept in `spam_reasons` as 'Possible
 * spam'. Nothing is ever dropped.
 *
 * One contact per person (decision 019): a new address (compared lower-cased) becomes a contact
 * with status `new` (or `spam`) and the submission's first-touch source; an address that already
 * has a contact adds the message to that contact's conversation (sender `contact`, with a line
 * naming this visit's source), fills in a phone number it lacked and notifies the owner of a
 * returning lead. The contact keeps its first source, name, notes, status and signals — except that
 * a submission that is not held releases a contact the quarantine held (it becomes `new` with this
 * submission's signals; one the owner moved to spam stays there), and a held submission does not
 * move the contact up the list. The notification names how many submissions are held for review.
 * One INSERT … ON CONFLICT on the unique index of lower(email)
 * decides, so parallel submissions from one new address still end as one contact.
 * An address on the unsubscribe list, or whose hash is there (an erased contact who had
 * unsubscribed: `hashKey`, contacts/address-hash.ts), starts unsubscribed.
 * @returns the contact's id, whether it was created by this submission, whether it is spam, and
 *   whether a push message or a webhook delivery was queued (only then are their workers nudged:
 *   a lead with no device and no endpoint costs no extra pass of either).
 */
export async function createContact(
  db: Db,
  request: ParsedContactRequest,
  verdict: SubmissionVerdict,
  notify: { to: string; adminUrl: string; siteName: string },
  hashKey?: Buffer,
): Promise<{ id: number; created: boolean; spam: boolean; pushQueued: boolean; webhookQueued: boolean }> {
  return db.transaction(async (tx) => {
    const reasons = verdict.spamReasons;
    // The proof of work is spent in the same statement as the lead is stored (one round trip
    // less: decision 072): `spent` is empty for a challenge already used, which holds the lead.
    const replayed = verdict.pow ? sql`not exists (select 1 from spent)` : sql`false`;
    const spam = sql`(${reasons.some(holds)} or ${replayed})`;
    const spamReasons = sql`${`{${reasons.join(',')}}`}::text[]
      || case when ${replayed} then '{pow}'::text[] else '{}'::text[] end`;
    const source = verdict.source ?? {};
    // A submission that is not held releases a contact the quarantine held, not one the owner moved.
    const releases = sql`contacts.status = 'spam' and not ${spam} and not ('owner' = any(contacts.spam_reasons))`;
    // xmax is 0 only on a row version this statement inserted (PostgreSQL's documented way to
    // tell an insert from the update of ON CONFLICT DO UPDATE).
    const result = (await tx.execute(sql`
      ${verdict.pow ? sql`with spent as (${spendChallengeSql(verdict.pow)})` : sql``}
      insert into contacts (name, email, phone, message, prefer_text_and_call, unsubscribed_at,
        status, spam_reasons, source_referrer_host, source_utm_source, source_utm_medium,
        source_utm_campaign, source_utm_term, source_utm_content, source_landing_path,
        source_first_seen_at, source_device)
      values (${request.name}, ${request.email}, ${request.phone ?? null}, ${request.message},
        ${request.preferTextAndCall},
        -- Someone who unsubscribed before stays unsubscribed when they write again.
        case when ${hashKey ? isUnsubscribedSql(hashKey, request.email) : sql`exists (select 1 from unsubscribes u where lower(u.email) = lower(${request.email}))`} then now() end,
        case when ${spam} then 'spam' else 'new' end, ${spamReasons},
        ${source.referrer ?? null}, ${source.utmSource ?? null}, ${source.utmMedium ?? null},
        ${source.utmCampaign ?? null}, ${source.utmTerm ?? null}, ${source.utmContent ?? null},
        ${source.landingPath ?? null}, ${source.firstSeenAt ?? null}, ${verdict.device})
      on conflict (lower(email)) where not legacy_duplicate do update
        set last_activity_at = case when ${spam} or (contacts.status = 'spam' and not (${releases}))
            then contacts.last_activity_at else now() end,
          updated_at = now(),
          phone = coalesce(contacts.phone, excluded.phone),
          status = case when ${releases} then 'new' else contacts.status end,
          spam_reasons = case when ${releases} then excluded.spam_reasons else contacts.spam_reasons end
      returning id, (xmax = 0) as created, status, ${spam} as spam`)) as unknown as {
      rows: { id: number; created: boolean; status: string; spam: boolean }[];
    };
    const row = result.rows[0];
    if (!row) throw new Error('insert returned no row');
    // Held now: this submission was, or it went to a contact that stays held.
    const held = row.spam || row.status === 'spam';
    const contact = {
      id: Number(row.id),
      created: row.created,
      spam: held,
      pushQueued: false,
      webhookQueued: false,
    };
    if (!contact.created) {
      await tx.insert(contactMessages).values({
        contactId: contact.id,
        sender: 'contact',
        content: formMessageHtml(
          hasSource(verdict) ? `${request.message}\n\n${sourceLine(verdict)}` : request.message,
        ),
        // Unread until the owner opens the contact: the list and the dashboard mark it as they mark
        // an imported reply (decision 040); the text is the dashboard's snippet. Held spam stays
        // quiet; a content signal never does (decision 057).
        textContent: request.message,
        unread: !held,
      });
    }
    let heldSpam: number | undefined;
    if (contact.created && !held) {
      // In this transaction: the event and the notifications go out exactly when the lead is
      // saved (decisions 066, 071); one statement queues both and counts the held spam the mail
      // mentions, one round trip instead of three (decision 072).
      const [queued] = resultRows<{
        webhooks: number | string;
        pushes: number | string;
        held: number | string;
      }>(
        await tx.execute(sql`
          with ${webhookEventCtes(
            'lead.created',
            {
              id: contact.id,
              name: request.name,
              email: request.email,
              phone: request.phone ?? null,
              message: request.message,
              status: 'new',
              url: `${notify.adminUrl}/admin/contacts/${contact.id}`,
            },
            contact.id,
          )},
          ${pushMessageCte('lead.created', {
            // The notification names the person and nothing more (decision 071).
            title: `New lead: ${request.name}`,
            url: `/admin/contacts/${contact.id}`,
            contactId: contact.id,
          })}
          select (select count(*) from webhook_queued) as webhooks, (select count(*) from push_queued) as pushes,
            ${heldSpamCountSql(HELD_SPAM_COUNT_CAP)} as held`),
      );
      contact.webhookQueued = Number(queued?.webhooks) > 0;
      contact.pushQueued = Number(queued?.pushes) > 0;
      heldSpam = Number(queued?.held ?? 0);
    }
    if (row.spam && (await queueHeldSpamPush(tx as unknown as Db)) > 0) contact.pushQueued = true;
    if (!held) {
      await enqueueMail(
        tx as unknown as Db,
        leadNotification({
          ...notify,
          contactId: contact.id,
          lead: request,
          ...(contact.created ? {} : { returning: true }),
          heldSpam: heldSpam ?? (await countHeldSpam(tx as unknown as Db, HELD_SPAM_COUNT_CAP)),
        }),
      );
    }
    return contact;
  });
}

/** Whether the submission says anything about where it came from. */
function hasSource(verdict: SubmissionVerdict): boolean {
  return verdict.device !== null || Object.values(verdict.source ?? {}).some(Boolean);
}

/**
 * The line a returning lead's message carries about this visit's source (the contact keeps its
 * first one): "Source: newsletter / email / autumn (phone)".
 */
function sourceLine(verdict: SubmissionVerdict): string {
  const s = verdict.source ?? {};
  const parts = [
    leadSourceLabel({ utmSource: s.utmSource, referrerHost: s.referrer }),
    s.utmMedium,
    s.utmCampaign,
  ].filter(Boolean);
  return `Source: ${parts.join(' / ')}${verdict.device ? ` (${verdict.device})` : ''}`;
}
