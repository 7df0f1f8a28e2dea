import escapeHtml from 'escape-html';
import type { Db } from '../../db/client.ts';
import { enqueueMail } from '../mail/mail-queue.ts';
import { describeDevice } from './describe-device.ts';
import type { RequestOrigin } from './sign-in-events.ts';

/** What the owner is told about: a sign-in from a new device, or a change of sign-in factors. */
export type SecurityNotice =
  | { kind: 'new-device'; method: string }
  | {
      kind: 'factor-change';
      /** E.g. 'A passkey was added'. */
      change: string;
    };

/** Collapses control characters and bidi overrides so a user agent stays one readable line. */
function oneLine(value: string, max = 300): string {
  const flat = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Queues the owner's security email (kind `security_notice`, to NOTIFY_EMAIL through the mail
 * queue, decision 036): what happened, when (UTC), from which address and device, a link to the
 * Security screen and what to do if it was not them. Values from the request (user agent) are
 * escaped in the HTML part and kept on one line in the text part.
 */
export async function sendSecurityNotice(options: {
  db: Db;
  to: string;
  siteName: string;
  publicUrl: string;
  notice: SecurityNotice;
  origin: RequestOrigin;
  at?: Date;
}): Promise<void> {
  const at = options.at ?? new Date();
  const device = describeDevice(options.origin.userAgent).label;
  const what =
    options.notice.kind === 'new-device'
      ? `New sign-in to the ${options.siteName} admin from ${device}`
      : `${options.notice.change} on the ${options.siteName} admin`;
  const subject =
    options.notice.kind === 'new-device' ? 'New sign-in from a new device' : options.notice.change;
  const link = `${options.publicUrl.replace(/\/$/, '')}/admin/security`;
  const rows: [string, string][] = [
    ['When', `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`],
    ['Address', options.origin.ip ?? 'unknown'],
    ['Device', device],
    ['Browser', oneLine(options.origin.userAgent ?? 'unknown')],
  ];
  if (options.notice.kind === 'new-device') rows.splice(1, 0, ['How', options.notice.method]);
  const advice =
    'If this was not you: open the Security screen, sign out everywhere else, change ADMIN_PASSWORD on the server and check your passkeys and authenticator app.';
  const cell = 'style="text-align:left;vertical-align:top;padding:4px 12px 4px 0"';
  const html = [
    `<h2>${escapeHtml(what)}</h2>`,
    '<table cellpadding="0" cellspacing="0">',
    ...rows.map(([k, v]) => `<tr><th ${cell}>${k}:</th><td ${cell}>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link)}">Open the Security screen</a></p>`,
    `<p style="color:#64748b">${escapeHtml(advice)}</p>`,
  ].join('\n');
  const text = [
    what,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    'Open the Security screen:',
    link,
    '',
    advice,
  ].join('\n');
  await enqueueMail(options.db, {
    kind: 'security_notice',
    toAddress: options.to,
    subject: `${options.siteName}: ${subject}`,
    html,
    text,
  });
}
