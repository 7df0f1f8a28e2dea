import MailComposer from 'nodemailer/lib/mail-composer';
import type { Db } from '../../../src/db/client.ts';
import { ingestRawMessage } from '../../../src/server/mail/inbound/ingest-message.ts';

/**
 * Inbound test mail, built with nodemailer's composer (real MIME) or, for delivery-status
 * notifications, written out the way Postfix writes them (RFC 3464).
 */

export interface ReplyOptions {
  from: string;
  to?: string;
  subject: string;
  text?: string;
  html?: string;
  inReplyTo?: string;
  references?: string[];
  messageId?: string;
  date?: Date;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: string }[];
  /**
   * The receiving provider's authserv-id: adds its `Authentication-Results` saying dmarc=pass for
   * the From domain, as a provider that checked the sender writes it (RFC 8601).
   */
  authenticatedBy?: string;
}

const fromDomain = (from: string) => (from.match(/@([^>\s]+)>?\s*$/)?.[1] ?? '').toLowerCase();

/** A reply (or any message) as raw RFC 5322 bytes. Ids are given without brackets. */
export async function composeReply(o: ReplyOptions): Promise<Buffer> {
  const b = (id: string) => `<${id}>`;
  return new MailComposer({
    from: o.from,
    to: o.to ?? 'hello@agency.test',
    subject: o.subject,
    text: o.text,
    html: o.html,
    date: o.date,
    messageId: o.messageId ? b(o.messageId) : undefined,
    inReplyTo: o.inReplyTo ? b(o.inReplyTo) : undefined,
    references: o.references?.map(b),
    headers: o.authenticatedBy
      ? {
          'Authentication-Results': `${o.authenticatedBy}; dkim=pass header.d=${fromDomain(o.from)}; spf=pass smtp.mailfrom=${fromDomain(o.from)}; dmarc=pass (p=REJECT) header.from=${fromDomain(o.from)}`,
          ...o.headers,
        }
      : o.headers,
    attachments: o.attachments,
    newline: '\r\n',
  })
    .compile()
    .build();
}

/** A Postfix-style DSN: `recipient` failed with 5.1.1; the original's headers are returned. */
export function dsnBounce(o: { recipient: string; originalId: string; messageId?: string }): Buffer {
  const id = o.messageId ?? `dsn-${Math.random().toString(36).slice(2)}@mx.example.net`;
  return Buffer.from(
    [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
      'To: hello@agency.test',
      'Subject: Undelivered Mail Returned to Sender',
      'Auto-Submitted: auto-replied',
      `Message-ID: <${id}>`,
      'Date: Tue, 24 Nov 2026 05:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="BB"',
      '',
      '--BB',
      'Content-Type: text/plain; charset=us-ascii',
      '',
      'I am sorry to have to inform you that your message could not be delivered.',
      '',
      '--BB',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.net',
      '',
      `Final-Recipient: rfc822; ${o.recipient}`,
      `Original-Recipient: rfc822;${o.recipient}`,
      'Action: failed',
      'Status: 5.1.1',
      `Diagnostic-Code: smtp; 550 5.1.1 <${o.recipient}>: Recipient address rejected`,
      '',
      '--BB',
      'Content-Type: text/rfc822-headers',
      '',
      'From: Agency <hello@agency.test>',
      `To: ${o.recipient}`,
      'Subject: Spring news',
      `Message-ID: <${o.originalId}>`,
      '',
      '--BB--',
      '',
    ].join('\r\n'),
  );
}

/**
 * Imports a dmarc-passing 'Re: your offer' from `from` (e.g. `Dora <dora@example.com>`) as the
 * IMAP poller would, for the mailbox hello@brightlane.studio at the provider mx.test.
 * @returns what the import made of it (`kind: 'reply'` when it matched a contact).
 */
export async function ingestReplyFrom(db: Db, from: string) {
  const raw = await composeReply({
    from,
    subject: 'Re: your offer',
    text: 'Yes please.',
    authenticatedBy: 'mx.test',
  });
  return ingestRawMessage(
    { db, source: 'imap', ownAddresses: ['hello@brightlane.studio'], authservIds: ['mx.test'] },
    raw,
  );
}
