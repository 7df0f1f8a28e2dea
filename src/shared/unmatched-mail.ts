import { z } from 'zod';
import { bodyId, rowId } from './ids.ts';

/**
 * 'Unmatched mail' (docs/decisions/033): inbound mail from a contact's address that neither
 * answers a message we sent nor carries a passing verdict of the provider's authentication, so it
 * is kept out of the contact's thread until the owner attaches it or discards it.
 */

/** One waiting message as GET /api/admin/unmatched-mail lists it. Dates are ISO 8601 UTC. */
export const unmatchedMailItemSchema = z.object({
  id: rowId,
  contactId: rowId.describe('The contact whose address the From header names.'),
  contactName: z.string(),
  fromAddress: z.string(),
  subject: z.string().nullable(),
  snippet: z.string().describe("The start of the message's plain text, whitespace collapsed."),
  content: z.string().describe('The sanitized HTML body, as a thread shows it.'),
  authentication: z
    .string()
    .nullable()
    .describe("The provider's verdict in short ('dkim=fail spf=fail dmarc=fail'); null when none was found."),
  sentAt: z.string(),
});
export type UnmatchedMailItem = z.infer<typeof unmatchedMailItemSchema>;

/** GET /api/admin/unmatched-mail: how many wait, and the newest 50. */
export const unmatchedMailListSchema = z
  .object({
    total: z.number().int(),
    items: z.array(unmatchedMailItemSchema).describe('Newest first, at most 50.'),
  })
  .meta({ id: 'UnmatchedMail' });
export type UnmatchedMailList = z.infer<typeof unmatchedMailListSchema>;

/** POST /api/admin/unmatched-mail/{id}/attach: the contact whose thread takes the message. */
export const attachUnmatchedSchema = z.object({ contactId: bodyId('contactId') });
export type AttachUnmatched = z.infer<typeof attachUnmatchedSchema>;

/** The answer of an attach: the thread row it became. */
export const attachUnmatchedResultSchema = z.object({ contactId: rowId, messageId: rowId });
