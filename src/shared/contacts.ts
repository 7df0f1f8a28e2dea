import { z } from 'zod';
import { rowId } from './ids.ts';
import { tagSchema } from './tags.ts';
import { contactTaskSchema } from './tasks.ts';

/** Contact status values (spec §4). */
export const contactStatuses = ['new', 'contacted', 'qualified', 'converted'] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const contactStatusSchema = z.enum(contactStatuses, {
  error: `Status must be one of: ${contactStatuses.join(', ')}.`,
});

/** A contact as the API answers it (spec §3 'Contact'); dates are ISO 8601 UTC strings. */
export const contactSchema = z
  .object({
    id: rowId,
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    status: z.enum(contactStatuses),
    notes: z.string().nullable(),
    preferTextAndCall: z.boolean(),
    /** True once the contact unsubscribed from campaigns (DESIGN §3 'Unsubscribe'). */
    unsubscribed: z.boolean().describe('True once the contact unsubscribed from campaigns.'),
    createdAt: z.string(),
    /** When the person last wrote through the form; the list is ordered by it (issue #11 §3). */
    lastActivityAt: z
      .string()
      .describe('When the person last wrote through the form; the list is ordered by it.'),
    /** Mail to the address bounced (issue #12): later campaigns skip it. */
    bouncing: z.boolean().describe('Mail to the address bounced (issue #12): later campaigns skip it.'),
    bounceReason: z.string().nullable(),
    unreadReplies: z
      .number()
      .int()
      .optional()
      .describe('Imported replies not seen yet (issue #12); only in the contacts list.'),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

/** Query of GET /api/admin/contacts: optional search text and status filter (spec §2). */
export const contactListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.union([contactStatusSchema, z.literal('all')]).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** Largest page of GET /api/admin/contacts, and its size when no `limit` is given (issue #15). */
export const CONTACT_PAGE_MAX = 200;

/** Paging of GET /api/admin/contacts: `limit` rows after `cursor` (from the `X-Next-Cursor` header). */
export const contactPageQuerySchema = contactListQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(CONTACT_PAGE_MAX).optional(),
  /**
   * `false`: the first page comes without `X-Total-Count`; the screen asks
   * GET /api/admin/contacts/count once per search instead, so the page never waits for a count
   * over a million rows (issue #15).
   */
  count: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(200).optional(),
});
export type ContactPageQuery = z.infer<typeof contactPageQuerySchema>;

/** GET /api/admin/contacts/count: how many contacts match a search (asked once per search, issue #15). */
export const contactCountSchema = z.object({ total: z.number().int() });

/** POST /api/admin/contacts/{id}/status (spec §7): any of the four values, directly (spec §4). */
export const contactStatusUpdateSchema = z.object({ status: contactStatusSchema });

/** PATCH /api/admin/contacts/{id} (spec §7): the admin's notes; blank clears them. */
export const contactNotesUpdateSchema = z.object({
  notes: z
    .string({ error: 'Notes must be text.' })
    .max(20_000, 'Notes must be at most 20,000 characters.')
    .nullable()
    .transform((v) => (v?.trim() ? v : null)),
});

/** POST /api/admin/contacts/{id}/send-email (spec §7, §5: trimmed subject and message required). */
export const sendEmailSchema = z.object({
  subject: z
    .string({ error: 'Subject and message are required' })
    .trim()
    .min(1, 'Subject and message are required')
    .max(300, 'Subject must be at most 300 characters.'),
  content: z
    .string({ error: 'Subject and message are required' })
    .trim()
    .min(1, 'Subject and message are required')
    .max(100_000, 'Message must be at most 100,000 characters.'),
  /**
   * The thread message this email answers (issue #12): its Message-ID becomes In-Reply-To and its
   * References are carried on, so the contact's mail program keeps one thread. Optional.
   */
  inReplyToId: z
    .number({ error: 'inReplyToId must be a message id.' })
    .int('inReplyToId must be a message id.')
    .positive('inReplyToId must be a message id.')
    .max(2_147_483_647, 'inReplyToId must be a message id.')
    .optional(),
});
export type SendEmailRequest = z.infer<typeof sendEmailSchema>;

/**
 * POST /api/admin/contacts/{id}/merge (issue #11 §3): the duplicate merged into contact {id} and
 * then deleted. Ids are PostgreSQL integers.
 */
export const contactMergeSchema = z.object({
  duplicateId: z
    .number({ error: 'duplicateId must be a contact id.' })
    .int('duplicateId must be a contact id.')
    .positive('duplicateId must be a contact id.')
    .max(2_147_483_647, 'duplicateId must be a contact id.'),
});
export type ContactMerge = z.infer<typeof contactMergeSchema>;

/** A message of the email conversation (spec §3 'Contact message'). */
export const contactMessageSchema = z
  .object({
    id: rowId,
    contactId: rowId,
    sender: z.enum(['contact', 'admin']),
    subject: z.string().nullable(),
    content: z.string(),
    /** The campaign this message was sent by, or null for a one-to-one message (issue #11 §3). */
    campaignName: z.string().nullable().describe('The campaign that sent it; null for a one-to-one message.'),
    sentAt: z.string(),
    autoReply: z
      .boolean()
      .describe('An out-of-office or other automatic reply (RFC 3834): shown, never counted as a reply.'),
    unread: z.boolean().describe('An imported reply not seen yet (issue #12).'),
    attachments: z
      .array(z.object({ name: z.string(), size: z.number() }))
      .describe('Attachments of an imported reply, listed, not stored.'),
    source: z
      .enum(['imap', 'gmail'])
      .nullable()
      .describe('Where an imported message came from; null for messages written in the CRM or the form.'),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** GET /api/admin/contacts/{id}: the contact with its tags and follow-up tasks. */
export const contactDetailSchema = z
  .object({ contact: contactSchema, tags: z.array(tagSchema), tasks: z.array(contactTaskSchema) })
  .meta({ id: 'ContactDetail' });
export type ContactDetail = z.infer<typeof contactDetailSchema>;
