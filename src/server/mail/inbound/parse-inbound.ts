import { createHash } from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';
import { messageIdList } from '../message-id.ts';
import { sanitizeInboundHtml, textToThreadHtml } from './inbound-html.ts';

/**
 * mailparser (about 7 MB of heap) loads with the first reply to read, not at start: a server with
 * no mailbox to read never needs it (idle memory).
 */
async function simpleParser(...args: Parameters<typeof import('mailparser').simpleParser>) {
  return (await import('mailparser')).simpleParser(...args);
}

/**
 * Reads one fetched email (raw RFC 5322 bytes) into what the import needs (decision 023), with
 * mailparser (no MIME handling of our own). Classifies it as:
 * - `bounce`: a delivery-status notification (RFC 3464 `multipart/report; report-type=delivery-status`,
 *   its `Action: failed` recipients); nothing else, since any sender can write a failure subject or
 *   `X-Failed-Recipients` (docs/decisions/033);
 * - `auto_reply`: RFC 3834 `Auto-Submitted` other than `no`, or the common `X-Autoreply`,
 *   `X-Autorespond` and `Precedence: auto_reply` headers;
 * - `message`: anything else (whether it is a reply to us is decided by the matcher).
 */

/** Limits that keep one hostile message from filling the database. */
const MAX_TEXT = 200_000;
const MAX_HTML = 500_000;
const MAX_SUBJECT = 998;
const MAX_ATTACHMENTS = 100;

export interface InboundMessage {
  kind: 'message' | 'auto_reply' | 'bounce';
  /** The Message-ID without brackets; a hash of the bytes for a message without one. */
  messageId: string;
  /** In-Reply-To then References, without brackets. */
  parents: string[];
  inReplyTo: string | null;
  references: string[];
  /** The sender's address, lower case ('' when missing). */
  from: string;
  /** Every `Authentication-Results` value, unfolded, topmost (added last) first (RFC 8601). */
  authResults: string[];
  subject: string | null;
  /** The message's own date, or null when missing or implausible. */
  date: Date | null;
  text: string;
  /** Sanitized HTML for the thread, quoted history folded. */
  html: string;
  attachments: { name: string; size: number }[];
  /** For bounces: the failed recipients, the ids of the bounced originals, and the reason. */
  bounce?: { recipients: string[]; originalIds: string[]; reason: string };
}

/** Parses and classifies one message. @throws only on bytes mailparser cannot read at all. */
export async function parseInbound(raw: Buffer, now = new Date()): Promise<InboundMessage> {
  const mail = await simpleParser(raw, {
    keepDeliveryStatus: true,
    skipImageLinks: true,
    skipTextLinks: true,
  });
  const ownId = messageIdList(mail.messageId)[0];
  const inReplyTo = messageIdList(mail.inReplyTo)[0] ?? null;
  const references = messageIdList(mail.references);
  const text = clean(mail.text ?? '').slice(0, MAX_TEXT);
  const html = clean(
    typeof mail.html === 'string' && mail.html.trim()
      ? sanitizeInboundHtml(mail.html.slice(0, MAX_HTML * 2))
      : textToThreadHtml(text),
  ).slice(0, MAX_HTML);
  const base = {
    messageId: ownId ?? `${createHash('sha256').update(raw).digest('hex')}@no-message-id.invalid`,
    parents: [...(inReplyTo ? [inReplyTo] : []), ...references.toReversed()],
    inReplyTo,
    references,
    from: firstAddress(mail.from),
    authResults: mail.headerLines
      .filter((h) => h.key === 'authentication-results')
      .slice(0, 20)
      .map((h) =>
        h.line
          .slice(h.line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      ),
    subject: mail.subject ? clean(mail.subject).slice(0, MAX_SUBJECT) : null,
    date: plausibleDate(mail.date, now),
    text,
    html,
    attachments: mail.attachments
      .filter((a) => a.contentDisposition === 'attachment' || a.filename)
      .slice(0, MAX_ATTACHMENTS)
      .map((a) => ({ name: clean(a.filename ?? 'attachment').slice(0, 255), size: a.size })),
  };
  const bounce = await readBounce(mail);
  if (bounce) return { ...base, kind: 'bounce', bounce };
  return { ...base, kind: isAutoReply(mail) ? 'auto_reply' : 'message' };
}

function header(mail: ParsedMail, name: string): string {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return String(value);
}

/** RFC 3834 §5 and the common pre-standard headers. */
function isAutoReply(mail: ParsedMail): boolean {
  const submitted = header(mail, 'auto-submitted').trim().toLowerCase();
  if (submitted && submitted !== 'no') return true;
  if (header(mail, 'x-autoreply') || header(mail, 'x-autorespond')) return true;
  return /^(auto_reply|auto-reply)$/i.test(header(mail, 'precedence').trim());
}

/**
 * At most this many recipient blocks of a report are read: a bounce marks one contact at most
 * (docs/decisions/033), and a forged report may carry thousands.
 */
const MAX_REPORT_BLOCKS = 50;

/**
 * The failure a delivery-status notification reports, or null when the message is not one.
 * Only RFC 3464 reports count (`multipart/report; report-type=delivery-status` with a
 * `message/delivery-status` part): `X-Failed-Recipients` and "Undelivered" subjects can be written
 * by anyone and are not read (docs/decisions/033). Whether the report answers a message we sent
 * (its original's Message-ID) is decided by the import.
 */
async function readBounce(mail: ParsedMail): Promise<InboundMessage['bounce'] | null> {
  const type = mail.headers.get('content-type') as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  const isReport =
    type?.value?.toLowerCase() === 'multipart/report' &&
    (type.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status';
  if (!isReport) return null;
  const recipients: string[] = [];
  const reasons: string[] = [];
  let blocksRead = 0;
  for (const part of mail.attachments.filter((a) => /delivery-status$/i.test(a.contentType))) {
    // The report is blocks of header fields (RFC 3464 §2.1): read each with the mail parser.
    const blocks = part.content.toString('utf8').split(/\r?\n\s*\r?\n/, MAX_REPORT_BLOCKS + 1);
    for (const block of blocks) {
      if (!/final-recipient\s*:/i.test(block)) continue;
      if (++blocksRead > MAX_REPORT_BLOCKS) break;
      const fields = (await simpleParser(Buffer.from(`${block.trim()}\r\n\r\n`))).headers;
      const action = String(fields.get('action') ?? '')
        .trim()
        .toLowerCase();
      if (action !== 'failed') continue;
      const address = addressOfField(String(fields.get('final-recipient') ?? ''));
      if (!address) continue;
      recipients.push(address);
      reasons.push(
        [fields.get('status'), fields.get('diagnostic-code')].filter(Boolean).map(String).join(' ').trim(),
      );
    }
  }
  // A report whose recipients were delayed or delivered is not a bounce: nothing to mark.
  if (recipients.length === 0) return null;
  return {
    recipients,
    originalIds: await originalIds(mail),
    reason: clean(reasons.find(Boolean) ?? 'Delivery failed').slice(0, 500),
  };
}

/** Message-IDs of the returned original (an attached message or its headers). */
async function originalIds(mail: ParsedMail): Promise<string[]> {
  const ids: string[] = [];
  // A report returns one original; a few parts are looked at, never thousands.
  for (const part of mail.attachments.slice(0, 10)) {
    if (!/^(message\/(rfc822|global)|text\/rfc822-headers|message\/global-headers)$/i.test(part.contentType))
      continue;
    const original = await simpleParser(part.content);
    ids.push(...messageIdList(original.messageId));
  }
  return ids;
}

/** `rfc822; user@example.org` → `user@example.org` (RFC 3464 §2.3.2 address-type; address). */
function addressOfField(value: string): string | null {
  const address = value.includes(';') ? value.slice(value.indexOf(';') + 1) : value;
  const trimmed = address.trim().replace(/^<|>$/g, '').toLowerCase();
  return trimmed.includes('@') ? trimmed : null;
}

function firstAddress(from: AddressObject | AddressObject[] | undefined): string {
  const list = [from ?? []].flat();
  return (list[0]?.value[0]?.address ?? '').trim().toLowerCase();
}

/** The date when it is a real one, not before 1990 nor more than a day ahead (clock skew). */
function plausibleDate(date: Date | undefined, now: Date): Date | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  const t = date.getTime();
  return t < Date.UTC(1990, 0, 1) || t > now.getTime() + 86_400_000 ? null : date;
}

/** PostgreSQL text cannot hold NUL; lone surrogates would fail JSON. */
function clean(value: string): string {
  return value.replaceAll('\u0000', '').replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
}
