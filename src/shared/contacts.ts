import { z } from 'zod';
import { contactRequestSchema } from './contact.ts';
import { emailFormatSchema } from './email-body.ts';
import { bodyId, rowId } from './ids.ts';
import { type StoredLeadSource, storedLeadSourceSchema } from './lead-source.ts';

export type { StoredLeadSource };

import { tagSchema } from './tags.ts';
import { contactTaskSchema } from './tasks.ts';

/** Contact status values the admin sets (docs/product.md §6.3). */
export const contactStatuses = ['new', 'contacted', 'qualified', 'converted'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

/** How a contact came in: the public form, Add Contact, or a CSV import. */
export const contactOrigins = ['form', 'manual', 'import'] as const;
export type ContactOrigin = (typeof contactOrigins)[number];
export const contactStatusSchema = z.enum(contactStatuses, {
  error: `Status must be one of: ${contactStatuses.join(', ')}.`,
});

/**
 * Every stored status: the four of docs/product.md §6.3 plus `spam`, the quarantine of form submissions that
 * failed the proof of work, filled the honeypot or were flagged by a content check (docs/product.md §6.10,
 * decision 037). Spam is out of the default list, the counts and
 * every audience; 'Not spam' moves it to `new`.
 */
export const storedContactStatuses = [...contactStatuses, 'spam'] as const;
export type StoredContactStatus = (typeof storedContactStatuses)[number];

/** A contact as the API answers it (docs/product.md §13); dates are ISO 8601 UTC strings. */
export const contactSchema = z
  .object({
    id: rowId,
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    status: z.enum(storedContactStatuses),
    /** Why a `spam` contact was quarantined (`pow`, `honeypot`, `links`, `phrases`, `script`, `disposable`). */
    spamReasons: z
      .array(z.string())
      .describe('Why a spam contact was quarantined (pow, honeypot, links, phrases, script, disposable).'),
    /** The lead's first-touch source (decision 037); null for contacts from before it or added by hand. */
    source: storedLeadSourceSchema.nullable(),
    notes: z.string().nullable(),
    preferTextAndCall: z.boolean(),
    /** True once the contact unsubscribed from campaigns (docs/product.md §8.6). */
    unsubscribed: z.boolean().describe('True once the contact unsubscribed from campaigns.'),
    createdAt: z.string(),
    /** When the person last wrote through the form; the list is ordered by it (decision 019). */
    lastActivityAt: z
      .string()
      .describe('When the person last wrote through the form; the list is ordered by it.'),
    /** Mail to the address bounced (decision 023): later campaigns skip it. */
    bouncing: z.boolean().describe('Mail to the address bounced: later campaigns skip it.'),
    bounceReason: z.string().nullable(),
    company: z.string().nullable(),
    origin: z
      .enum(contactOrigins)
      .describe(
        "How the contact came in: 'form' (the public form), 'manual' (Add Contact) or 'import' (CSV).",
      ),
    unreadReplies: z
      .number()
      .int()
      .optional()
      .describe(
        'Messages not seen yet: imported replies and later form submissions of a returning lead; only in the contacts list.',
      ),
    tags: z
      .array(tagSchema)
      .optional()
      .describe("The contact's tags, by name; only in the contacts list (the detail has its own)."),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

/**
 * Query of GET /api/admin/contacts: optional search text and status filter (docs/product.md §6.1). `all` (the
 * default) is every status but `spam`; `spam` lists the quarantine. `source` narrows to one lead
 * source label (utm_source, else the referrer host, else `(direct)`: {@link leadSourceLabel}).
 */
export const contactListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z
    .enum([...storedContactStatuses, 'all'], {
      error: `Status must be one of: all, ${storedContactStatuses.join(', ')}.`,
    })
    .optional(),
  source: z.string().trim().max(200).optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/**
 * Columns the contacts table sorts by (decision 040), each backed by a B-tree index so a page is
 * an index range at any table size: `activity` (last activity, the default), `name`, `email`,
 * `status` (in the pipeline's order new → converted, then by last activity).
 */
export const contactSorts = ['activity', 'name', 'email', 'status'] as const;
export type ContactSort = (typeof contactSorts)[number];
export type SortOrder = 'asc' | 'desc';

/** The order a sort starts with: the most recent activity first, the rest A → Z. */
export const defaultSortOrder = (sort: ContactSort): SortOrder => (sort === 'activity' ? 'desc' : 'asc');

/** Largest page of GET /api/admin/contacts, and its size when no `limit` is given (decision 026). */
export const CONTACT_PAGE_MAX = 200;

/** Paging of GET /api/admin/contacts: `limit` rows after `cursor` (from the `X-Next-Cursor` header). */
export const contactPageQuerySchema = contactListQuerySchema.extend({
  sort: z.enum(contactSorts, { error: `sort must be one of: ${contactSorts.join(', ')}.` }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc.' }).optional(),
  limit: z.coerce.number().int().min(1).max(CONTACT_PAGE_MAX).optional(),
  /**
   * `false`: the first page comes without `X-Total-Count`; the screen asks
   * GET /api/admin/contacts/count once per search instead, so the page never waits for a count
   * over a million rows (decision 026).
   */
  count: z.enum(['true', 'false']).optional(),
  /** Carries the last row's sort key (a name or an address, base64url), hence the room. */
  cursor: z.string().max(4096).optional(),
});
export type ContactPageQuery = z.infer<typeof contactPageQuerySchema>;

/** GET /api/admin/contacts/count: how many contacts match a search (asked once per search). */
export const contactCountSchema = z.object({ total: z.number().int() });

/**
 * POST /api/admin/contacts/{id}/status (docs/product.md §12.3): any of the four values, directly
 * (docs/product.md §6.3).
 */
export const contactStatusUpdateSchema = z.object({ status: contactStatusSchema });

/** PATCH /api/admin/contacts/{id} (docs/product.md §12.3): the admin's notes; blank clears them. */
export const contactNotesUpdateSchema = z.object({
  notes: z
    .string({ error: 'Notes must be text.' })
    .max(20_000, 'Notes must be at most 20,000 characters.')
    .nullable()
    .transform((v) => (v?.trim() ? v : null)),
});

/**
 * POST /api/admin/contacts/{id}/send-email (docs/product.md §12.3, §6.6: trimmed subject and message
 * required). `format` says how `content` is written: `html` (the spec's payload, the default) or `text`
 * (plain text: its line breaks are kept in both parts, src/shared/email-body.ts).
 */
export const sendEmailSchema = z.object({
  format: emailFormatSchema.default('html'),
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
   * The thread message this email answers (decision 023): its Message-ID becomes In-Reply-To and its
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
 * POST /api/admin/contacts/{id}/merge (decision 019): the duplicate merged into contact {id} and
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

/** A message of the email conversation (docs/product.md §6.6). */
export const contactMessageSchema = z
  .object({
    id: rowId,
    contactId: rowId,
    sender: z.enum(['contact', 'admin']),
    subject: z.string().nullable(),
    content: z.string(),
    /** The campaign this message was sent by, or null for a one-to-one message (decision 019). */
    campaignName: z.string().nullable().describe('The campaign that sent it; null for a one-to-one message.'),
    sentAt: z.string(),
    autoReply: z
      .boolean()
      .describe('An out-of-office or other automatic reply (RFC 3834): shown, never counted as a reply.'),
    unread: z
      .boolean()
      .describe("Not seen yet: an imported reply, or a returning lead's later form message (decision 040)."),
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

/** Text that may be left out or blank (then null), at most `max` characters. */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .optional()
    .nullable()
    .transform((v) => v || null);

/**
 * POST /api/admin/contacts: a contact added by hand (Add Contact). Name and email as the public
 * form checks them; phone too; status defaults to new; tags by id. The address must not belong to
 * a contact already (any letter case): 409 `{ error, id }`.
 */
export const contactCreateSchema = z.object({
  name: contactRequestSchema.shape.name,
  email: contactRequestSchema.shape.email,
  phone: contactRequestSchema.shape.phone.nullable().transform((v) => v || null),
  company: optionalText(200, 'Company'),
  notes: optionalText(20_000, 'Notes'),
  status: contactStatusSchema.optional().default('new'),
  tagIds: z
    .array(bodyId('Tag id'), { error: 'tagIds must be a list of tag ids.' })
    .max(100, 'At most 100 tags.')
    .optional()
    .default([]),
});
export type ContactCreate = z.input<typeof contactCreateSchema>;
export type ParsedContactCreate = z.output<typeof contactCreateSchema>;

/** POST /api/admin/contacts answers 201 with the new contact's id. */
export const contactCreatedResponseSchema = z.object({ id: rowId });

/** 409 of POST /api/admin/contacts: the address has a contact already, which `id` names. */
export const contactExistsSchema = z
  .object({ error: z.string(), id: rowId.describe('The contact that has this address.') })
  .meta({ id: 'ContactExists' });

/** Most contacts a bulk action takes by id; more are chosen by their filter ('Select all N matching'). */
export const BULK_MAX_IDS = 10_000;

/**
 * POST /api/admin/contacts/bulk: which contacts, and what to do to them. `ids` is the contacts
 * ticked on the list; `filter` is every contact matching the list's search and filters ('Select
 * all N matching', resolved by the server, at any size), less `exceptIds` unticked afterwards.
 * The change runs in the database (one statement, or keyset batches for delete).
 */
export const contactBulkSchema = z.object({
  selection: z.union([
    z.object({
      ids: z
        .array(bodyId('Contact id'), { error: 'ids must be a list of contact ids.' })
        .min(1, 'Select at least one contact.')
        .max(
          BULK_MAX_IDS,
          `At most ${BULK_MAX_IDS.toLocaleString('en-US')} ids: select all matching instead.`,
        ),
    }),
    z.object({
      filter: contactListQuerySchema,
      exceptIds: z.array(bodyId('Contact id')).max(BULK_MAX_IDS).optional().default([]),
    }),
  ]),
  action: z.discriminatedUnion('type', [
    z.object({ type: z.literal('setStatus'), status: contactStatusSchema }),
    z.object({ type: z.literal('addTag'), tagId: bodyId('Tag id') }),
    z.object({ type: z.literal('removeTag'), tagId: bodyId('Tag id') }),
    z.object({ type: z.literal('delete') }),
  ]),
});
export type ContactBulk = z.input<typeof contactBulkSchema>;
export type ParsedContactBulk = z.output<typeof contactBulkSchema>;

/** The answer of a bulk action: how many contacts it changed (or erased). */
export const contactBulkResultSchema = z.object({ affected: z.number().int() });

/** GET /api/admin/contacts/retention: the retention setting and how many contacts it erases soon. */
export const contactRetentionSchema = z
  .object({
    months: z.number().int().nullable().describe('RETENTION_MONTHS, or null when retention is off.'),
    dueIn30Days: z
      .number()
      .int()
      .nullable()
      .describe('Contacts that retention erases within 30 days (null when off).'),
  })
  .meta({ id: 'ContactRetention' });
export type ContactRetention = z.infer<typeof contactRetentionSchema>;
