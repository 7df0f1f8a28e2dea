import { compile } from 'html-to-text';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Address, OutgoingMessage } from './mail-provider.ts';
import { bracketed } from './message-id.ts';

/** html-to-text's converter, compiled once (per-call options parsing costs ~30× the conversion). */
const htmlToText = compile({ wordwrap: 78 });

/**
 * Builds the raw RFC 5322 / MIME message with nodemailer's MailComposer (no hand-made MIME):
 * `From` is the company address, HTML with a plain-text alternative (the given one, else derived), `Message-ID` and `Date` set,
 * CRLF line ends, the caller's Message-ID / In-Reply-To / References when given, header values encoded so a subject or name cannot inject headers.
 * @returns the raw message bytes and its Message-ID.
 */
export async function composeMessage(from: Address, message: OutgoingMessage) {
  const mail = new MailComposer({
    from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    html: message.html,
    text: message.text ?? htmlToText(message.html),
    headers: message.headers,
    ...(message.messageId ? { messageId: bracketed(message.messageId) } : {}),
    ...(message.inReplyTo ? { inReplyTo: bracketed(message.inReplyTo) } : {}),
    ...(message.references?.length ? { references: message.references.map(bracketed) } : {}),
    newline: '\r\n',
  }).compile();
  const raw = await mail.build();
  return { raw, messageId: mail.messageId() };
}
