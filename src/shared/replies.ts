import { z } from 'zod';
import { rowId } from './ids.ts';

/** GET /api/admin/replies (decision 023): the dashboard's 'New replies'. Dates are ISO 8601 UTC. */
export const recentRepliesSchema = z
  .object({
    unread: z.number().int().describe('Unread replies over all contacts (automatic replies never count).'),
    latest: z
      .array(
        z.object({
          id: rowId,
          contactId: rowId,
          contactName: z.string(),
          subject: z.string().nullable(),
          snippet: z.string().describe("The start of the reply's plain text, whitespace collapsed."),
          sentAt: z.string(),
        }),
      )
      .describe('The latest unread ones, newest first (at most five).'),
  })
  .meta({ id: 'RecentReplies' });
export type RecentReplies = z.infer<typeof recentRepliesSchema>;

/** GET /api/admin/mail/inbound (decision 023): where replies are read from, for the setup page. */
export const inboundStatusSchema = z
  .object({
    mailboxes: z.array(
      z.object({
        kind: z.enum(['imap', 'gmail']),
        mailbox: z.string().describe('`user@host:port/INBOX` or the Gmail address.'),
        lastCheckedAt: z.string().nullable().describe("'Last checked …'; null before the first check."),
        lastSuccessAt: z.string().nullable(),
        lastError: z.string().nullable().describe("The last check's error; null when it went well."),
        nextAttemptAt: z.string().nullable().describe('While backing off after errors: the next try.'),
        imported: z
          .number()
          .int()
          .describe('Messages handled (replies, auto-replies, bounces) since the mailbox was added.'),
        skipped: z
          .number()
          .int()
          .describe('Messages the import could not take and moved past (docs/decisions/033).'),
        latestSkipped: z
          .array(
            z.object({
              at: z.string().describe('When it was skipped.'),
              position: z.string().describe('`<uidvalidity>/<uid>` (IMAP) or the Gmail message id.'),
              reason: z.string().describe('Why, in our words; never any of the message content.'),
              size: z.number().int().describe('Its size in bytes.'),
            }),
          )
          .describe('The latest skipped ones, newest first (at most five).'),
      }),
    ),
  })
  .meta({ id: 'InboundStatus' });
export type InboundStatus = z.infer<typeof inboundStatusSchema>;

/** POST /api/admin/contacts/{id}/read: how many replies were marked read. */
export const markReadResultSchema = z.object({ marked: z.number().int() });
