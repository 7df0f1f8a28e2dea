import { z } from 'zod';

/** Contact status values (spec §4). */
export const contactStatuses = ['new', 'contacted', 'qualified', 'converted'] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const contactStatusSchema = z.enum(contactStatuses, {
  error: `Status must be one of: ${contactStatuses.join(', ')}.`,
});

/** A contact as the API answers it (spec §3 'Contact'); dates are ISO 8601 UTC strings. */
export interface Contact {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: ContactStatus;
  notes: string | null;
  preferTextAndCall: boolean;
  /** True once the contact unsubscribed from campaigns (DESIGN §3 'Unsubscribe'). */
  unsubscribed: boolean;
  createdAt: string;
  /** When the person last wrote through the form; the list is ordered by it (issue #11 §3). */
  lastActivityAt: string;
}

/** Query of GET /api/admin/contacts: optional search text and status filter (spec §2). */
export const contactListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.union([contactStatusSchema, z.literal('all')]).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** Paging of GET /api/admin/contacts: `limit` rows after `cursor` (from the `X-Next-Cursor` header). */
export const contactPageQuerySchema = contactListQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
});
export type ContactPageQuery = z.infer<typeof contactPageQuerySchema>;

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
export interface ContactMessage {
  id: number;
  contactId: number;
  sender: 'contact' | 'admin';
  subject: string | null;
  content: string;
  /** The campaign this message was sent by, or null for a one-to-one message (issue #11 §3). */
  campaignName: string | null;
  sentAt: string;
}
