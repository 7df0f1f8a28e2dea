import type { campaigns, contacts } from '../../db/schema/index.ts';
import { composeEmailBody } from '../../shared/email-body.ts';
import { personalize } from '../../shared/personalize.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/**
 * A campaign's email as one recipient gets it (docs/product.md §8): personalised, the owner's
 * signature, the unsubscribe footer and the RFC 8058 one-click headers.
 */

/**
 * A campaign's HTML as one recipient gets it: personalised, then the owner's signature after the
 * '-- ' line, as every email to a contact has it (src/shared/email-body.ts).
 */
export function campaignHtml(
  campaign: Pick<typeof campaigns.$inferSelect, 'htmlContent'>,
  recipient: { name: string; email: string },
  signature: string,
): string {
  return composeEmailBody(
    { format: 'html', content: personalize(campaign.htmlContent, recipient, true) },
    signature,
  ).html;
}

/** The personalised message with the signature, its unsubscribe link and RFC 8058 headers. */
export function campaignMessage(
  o: { baseUrl: () => string; unsubscribeKey: Buffer; fromAddress: string },
  recipientId: number,
  campaign: typeof campaigns.$inferSelect,
  contact: typeof contacts.$inferSelect,
  signature: string,
) {
  const recipient = { name: contact.name, email: contact.email };
  const link = `${o.baseUrl()}/unsubscribe/${unsubscribeToken(o.unsubscribeKey, recipientId)}`;
  const html =
    campaignHtml(campaign, recipient, signature) +
    `<p style="margin-top:32px;font-size:12px;color:#64748b">You receive this because you contacted us. ` +
    `<a href="${link}">Unsubscribe</a></p>`;
  return {
    to: { name: contact.name, address: contact.email },
    subject: personalize(campaign.subject, recipient, false),
    html,
    headers: {
      'List-Unsubscribe': `<${link}>, <mailto:${o.fromAddress}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
