import escapeHtml from 'escape-html';
import { z } from 'zod';

/**
 * The two ways an email body is written: `text` (plain text, the composer's default for one-to-one
 * emails: line breaks and paragraphs are kept) or `html` (markup, as the spec's 'HTML supported').
 */
export const emailFormatSchema = z.enum(['text', 'html'], { error: 'Format must be text or html.' });
export type EmailFormat = z.infer<typeof emailFormatSchema>;

/** The owner's signature (settings, GET/PUT /api/admin/mail/signature); '' means none. */
export const mailSignatureSchema = z.object({ signature: z.string() }).meta({ id: 'MailSignature' });

/** PUT /api/admin/mail/signature: at most 2,000 characters; trailing blanks dropped, blank removes it. */
export const mailSignatureUpdateSchema = z.object({
  signature: z
    .string({ error: 'Signature must be text.' })
    .max(2000, 'Signature must be at most 2,000 characters.')
    .transform((v) => v.replace(/\s+$/, '')),
});
export type MailSignature = z.infer<typeof mailSignatureSchema>;

/**
 * Plain text as HTML that shows it as typed: escaped (so `<b>` or `a < b` stay text), a blank
 * line starts a new paragraph, a single line break stays a line break.
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * The two parts of an email from what the owner typed, with the signature appended after the
 * usual '-- ' separator line (RFC 3676 §4.3). `text` is the plain-text part as typed, or undefined
 * for an HTML body (the mailer then derives it from the HTML).
 */
export function composeEmailBody(
  body: { format: EmailFormat; content: string },
  signature = '',
): { html: string; text: string | undefined } {
  const sig = signature.trim() ? `-- \n${signature.replace(/\s+$/, '')}` : '';
  if (body.format === 'text') {
    const text = sig ? `${body.content.replace(/\s+$/, '')}\n\n${sig}` : body.content;
    return { html: plainTextToHtml(text), text };
  }
  return { html: sig ? `${body.content}\n${plainTextToHtml(sig)}` : body.content, text: undefined };
}
