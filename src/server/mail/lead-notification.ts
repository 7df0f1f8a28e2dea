import escapeHtml from 'escape-html';
import type { ParsedContactRequest } from '../../shared/contact.ts';
import type { QueuedMail } from './mail-queue.ts';

/**
 * The owner's notification of a new lead (name, email, phone, preference, message, and a link to
 * the contact in the admin). Every value from the visitor is HTML-escaped.
 */
export function leadNotification(options: {
  to: string;
  contactId: number;
  lead: ParsedContactRequest;
  adminUrl: string;
  siteName: string;
}): QueuedMail {
  const { lead } = options;
  const link = `${options.adminUrl}/admin/contacts/${options.contactId}`;
  const rows: [string, string][] = [
    ['Name', lead.name],
    ['Email', lead.email],
    ['Phone', lead.phone ?? '—'],
    ['Prefers a text and a call', lead.preferTextAndCall ? 'Yes' : 'No'],
  ];
  const html = [
    `<h2>New lead from the ${escapeHtml(options.siteName)} website</h2>`,
    '<table cellpadding="4">',
    ...rows.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<h3>Message</h3><p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open the contact in the admin</a></p>`,
  ].join('\n');
  return { kind: 'lead_notification', toAddress: options.to, subject: `New lead: ${lead.name}`, html };
}
