import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { ParsedContactRequest } from '../../shared/contact.ts';
import { type DeviceClass, leadSourceLabel, type ParsedLeadSource } from '../../shared/lead-source.ts';
import { leadNotification } from '../mail/lead-notification.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import type { SpamReason } from '../spam/content-checks.ts';
import { spendChallenge, type VerifiedPow } from '../spam/proof-of-work.ts';
import { isUnsubscribedSql } from './address-hash.ts';
import { formMessageHtml } from './form-message-html.ts';

/** What the route learned about a submission before storing it (decision 037). */
export interface SubmissionVerdict {
  /** Reasons found so far (honeypot, content checks, a missing or invalid proof of work). */
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
 * Quarantine (decision 037): a submission with spam reasons — or whose proof of work was already
 * spent, checked here in the same transaction — is stored with status `spam` and its reasons, and
 * no notification is queued. Nothing is ever dropped.
 *
 * One contact per person (decision 019): a new address (compared lower-cased) becomes a contact
 * with status `new` (or `spam`) and the submission's first-touch source; an address that already
 * has a contact adds the message to that contact's conversation (sender `contact`, with a line
 * naming this visit's source), fills in a phone number it lacked and notifies the owner of a
 * returning lead. The contact keeps its first source, name, notes and status — except that a clean
 * submission releases a contact held as spam (it becomes `new`), and a spam submission does not
 * move the contact up the list. One INSERT … ON CONFLICT on the unique index of lower(email)
 * decides, so parallel submissions from one new address still end as one contact.
 * An address on the unsubscribe list, or whose hash is there (an erased contact who had
 * unsubscribed: `hashKey`, contacts/address-hash.ts), starts unsubscribed.
 * @returns the contact's id, whether it was created by this submission, and whether it is spam.
 */
export async function createContact(
  db: Db,
  request: ParsedContactRequest,
  verdict: SubmissionVerdict,
  notify: { to: string; adminUrl: string; siteName: string },
  hashKey?: Buffer,
): Promise<{ id: number; created: boolean; spam: boolean }> {
  return db.transaction(async (tx) => {
    const reasons = [...verdict.spamReasons];
    if (verdict.pow && !(await spendChallenge(tx as unknown as Db, verdict.pow))) reasons.push('pow');
    const spam = reasons.length > 0;
    const source = verdict.source ?? {};
    // xmax is 0 only on a row version this statement inserted (PostgreSQL's documented way to
    // tell an insert from the update of ON CONFLICT DO UPDATE).
    const result = (await tx.execute(sql`
      insert into contacts (name, email, phone, message, prefer_text_and_call, unsubscribed_at,
        status, spam_reasons, source_referrer_host, source_utm_source, source_utm_medium,
        source_utm_campaign, source_utm_term, source_utm_content, source_landing_path,
        source_first_seen_at, source_device)
      values (${request.name}, ${request.email}, ${request.phone ?? null}, ${request.message},
        ${request.preferTextAndCall},
        -- Someone who unsubscribed before stays unsubscribed when they write again.
        case when ${hashKey ? isUnsubscribedSql(hashKey, request.email) : sql`exists (select 1 from unsubscribes u where lower(u.email) = lower(${request.email}))`} then now() end,
        ${spam ? 'spam' : 'new'}, ${`{${reasons.join(',')}}`}::text[],
        ${source.referrer ?? null}, ${source.utmSource ?? null}, ${source.utmMedium ?? null},
        ${source.utmCampaign ?? null}, ${source.utmTerm ?? null}, ${source.utmContent ?? null},
        ${source.landingPath ?? null}, ${source.firstSeenAt ?? null}, ${verdict.device})
      on conflict (lower(email)) where not legacy_duplicate do update
        set last_activity_at = case when ${spam} then contacts.last_activity_at else now() end,
          updated_at = now(),
          phone = coalesce(contacts.phone, excluded.phone),
          status = case when contacts.status = 'spam' and not ${spam} then 'new' else contacts.status end,
          spam_reasons = case when contacts.status = 'spam' and not ${spam} then '{}'::text[]
            else contacts.spam_reasons end
      returning id, (xmax = 0) as created`)) as unknown as { rows: { id: number; created: boolean }[] };
    const row = result.rows[0];
    if (!row) throw new Error('insert returned no row');
    const contact = { id: Number(row.id), created: row.created, spam };
    if (!contact.created) {
      await tx.insert(contactMessages).values({
        contactId: contact.id,
        sender: 'contact',
        content: formMessageHtml(
          hasSource(verdict) ? `${request.message}\n\n${sourceLine(verdict)}` : request.message,
        ),
        // Unread until the owner opens the contact: the list and the dashboard mark it as they mark
        // an imported reply (decision 040); the text is the dashboard's snippet. Spam stays quiet.
        textContent: request.message,
        unread: !spam,
      });
    }
    if (!spam) {
      await enqueueMail(
        tx as unknown as Db,
        leadNotification({
          ...notify,
          contactId: contact.id,
          lead: request,
          ...(contact.created ? {} : { returning: true }),
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
