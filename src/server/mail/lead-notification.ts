import escapeHtml from 'escape-html';
import type { ParsedContactRequest } from '../../shared/contact.ts';
import { HELD_SPAM_COUNT_CAP } from '../spam/held-spam.ts';
import type { QueuedMail } from './mail-queue.ts';

/** Characters of the lead's message shown in a digest entry (the notification shows it whole). */
const DIGEST_EXCERPT = 160;

/**
 * The owner's notification of a lead: subject "New lead: <name>" ("Returning lead:
 * <name>" when `returning`, a second submission from a known address), `Reply-To` the lead, an
 * HTML part and a hand-written plain-text part with one "Label: value" per line, the message, and
 * the link to the contact in the admin (`adminUrl` is the site's public base URL, no trailing
 * slash). Also carries the lead's entry for a digest, used when a flood collapses notifications
 * (decision 018). Every value from the visitor is HTML-escaped.
 */
export function leadNotification(options: {
  to: string;
  contactId: number;
  lead: ParsedContactRequest;
  adminUrl: string;
  siteName: string;
  returning?: boolean;
  /** Contacts held as spam right now (decision 057): a line with the link to review them when > 0. */
  heldSpam?: number;
}): QueuedMail {
  // One-line fields stay on one line, whatever the visitor typed into them.
  const lead = {
    ...options.lead,
    name: oneLine(options.lead.name),
    phone: options.lead.phone && oneLine(options.lead.phone),
  };
  const link = `${options.adminUrl}/admin/contacts/${options.contactId}`;
  const label = options.returning ? 'Returning lead' : 'New lead';
  const heading = `${label} from the ${options.siteName} website`;
  const rows: [string, string][] = [
    ['Name', lead.name],
    ['Email', lead.email],
    ['Phone', lead.phone ?? '—'],
    ['Prefers a text and a call', lead.preferTextAndCall ? 'Yes' : 'No'],
  ];
  const held = heldSpamLine(options.heldSpam ?? 0, options.adminUrl);
  const cell = 'style="text-align:left;vertical-align:top;padding:4px 12px 4px 0"';
  const html = [
    `<h2>${escapeHtml(heading)}</h2>`,
    '<table cellpadding="0" cellspacing="0">',
    ...rows.map(([k, v]) => `<tr><th ${cell}>${k}:</th><td ${cell}>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<h3>Message</h3><p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open ${escapeHtml(lead.name)} in the admin</a></p>`,
    `<p style="color:#64748b">Reply to this email to answer ${escapeHtml(lead.name)} directly.</p>`,
    ...(held ? [held.html] : []),
  ].join('\n');
  const text = [
    heading,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    'Message:',
    lead.message,
    '',
    `Open ${lead.name} in the admin:`,
    link,
    '',
    `Reply to this email to answer ${lead.name} directly.`,
    ...(held ? ['', held.text] : []),
  ].join('\n');

  const excerpt =
    lead.message.length > DIGEST_EXCERPT ? `${lead.message.slice(0, DIGEST_EXCERPT - 1)}…` : lead.message;
  const summary = oneLine(excerpt);
  const who = `${lead.name} <${lead.email}>${lead.phone ? `, ${lead.phone}` : ''}`;
  const tag = options.returning ? ' (returning)' : '';
  return {
    kind: 'lead_notification',
    contactId: options.contactId,
    toAddress: options.to,
    replyTo: { name: lead.name, address: lead.email },
    subject: `${label}: ${lead.name}`,
    html,
    text,
    digestEntryHtml:
      `<li style="margin-bottom:12px"><a href="${escapeHtml(link)}"><strong>${escapeHtml(lead.name)}</strong></a>${tag}` +
      ` &lt;${escapeHtml(lead.email)}&gt;${lead.phone ? `, ${escapeHtml(lead.phone)}` : ''}` +
      `<br><span style="color:#475569">${escapeHtml(summary)}</span></li>`,
    digestEntryText: `- ${who}${tag}\n  ${summary}\n  ${link}`,
  };
}

/** Where the admin lists the contacts held as spam. */
export const spamListUrl = (adminUrl: string) => `${adminUrl}/admin/contacts?status=spam`;

/**
 * The line telling the owner how many submissions are held as spam (decision 057), with the link
 * to the list; null at 0. `held` at {@link HELD_SPAM_COUNT_CAP} reads "or more".
 */
export function heldSpamLine(held: number, adminUrl: string): { html: string; text: string } | null {
  if (held <= 0) return null;
  const count = `${held.toLocaleString('en-US')}${held >= HELD_SPAM_COUNT_CAP ? ' or more' : ''}`;
  const words = `${count} ${held === 1 ? 'submission is' : 'submissions are'} held as spam for review`;
  const url = spamListUrl(adminUrl);
  return {
    html: `<p style="color:#64748b">${escapeHtml(words)}: <a href="${escapeHtml(url)}">review them in the admin</a>.</p>`,
    text: `${words}:\n${url}`,
  };
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}
