import { z } from 'zod';
import { contactFields, contactFieldsResponseShape, fieldsObject } from './contact-fields.ts';
import { emailFormatSchema } from './email-body.ts';
import { bodyId, rowId } from './ids.ts';
import { type StoredLeadSource, storedLeadSourceSchema } from './lead-source.ts';

export type { StoredLeadSource };

import { tagSchema } from './tags.ts';
import { contactTaskSchema } from './tasks.ts';

/**
 * Contact status values the admin sets (docs/product.md §6.3), in the pipeline's order; `lost`
 * (decision 063) is a closed deal that did not happen, with a {@link LostReason}.
 */
export const contactStatuses = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

/** How a contact came in: the public form, Add Contact, or a CSV import. */
export const contactOrigins = ['form', 'manual', 'import'] as const;
export type ContactOrigin = (typeof contactOrigins)[number];

/**
 * The contacts list's switch (decision 058): `leads` are the people who came to the owner, from the
 * form or added by hand (origin `form` or `manual`); `imported` are the CSV imports; `all` both;
 * `form` only the form's leads (the dashboard's 'Recent Contacts'). The list and its count default
 * to `leads`, so an import never pushes a lead off the first page; the CSV export and bulk actions
 * default to `all` (they take the list's filter as sent).
 */
export const contactViews = ['leads', 'imported', 'all', 'form'] as const;
export type ContactView = (typeof contactViews)[number];
export const contactStatusSchema = z.enum(contactStatuses, {
  error: `Status must be one of: ${contactStatuses.join(', ')}.`,
});

/** The labels of the statuses the owner sets (the spec's words). */
export const contactStatusLabels: Record<ContactStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  converted: 'Converted',
  lost: 'Lost',
};

/**
 * Why a deal was lost (decision 063): `other` comes with the owner's words (`lostReasonText`).
 */
export const lostReasons = ['budget', 'timing', 'no_reply', 'other_agency', 'other'] as const;
export type LostReason = (typeof lostReasons)[number];
export const lostReasonLabels: Record<LostReason, string> = {
  budget: 'Budget',
  timing: 'Timing',
  no_reply: 'No reply',
  other_agency: 'Chose another agency',
  other: 'Other',
};

/**
 * A status change's fields (the status route, PATCH, the board, bulk): `lostReason` is required
 * with `lost` and refused with any other status; `lostReasonText` (at most 500 characters) is
 * required with `other` and refused otherwise.
 */
export const statusChangeShape = {
  status: contactStatusSchema,
  lostReason: z
    .enum(lostReasons, { error: `lostReason must be one of: ${lostReasons.join(', ')}.` })
    .optional(),
  lostReasonText: z
    .string({ error: 'lostReasonText must be text.' })
    .trim()
    .max(500, 'lostReasonText must be at most 500 characters.')
    .optional(),
};

/** Checks the pairing of status, lostReason and lostReasonText (see `statusChangeShape`). */
export function checkLostReason(
  v: { status?: ContactStatus; lostReason?: LostReason; lostReasonText?: string },
  ctx: z.RefinementCtx,
) {
  if (v.status === undefined) {
    if (v.lostReason !== undefined || v.lostReasonText !== undefined)
      ctx.addIssue({ code: 'custom', path: ['lostReason'], message: 'lostReason goes with status lost.' });
    return;
  }
  if (v.status === 'lost' && v.lostReason === undefined)
    ctx.addIssue({ code: 'custom', path: ['lostReason'], message: 'Choose why the deal was lost.' });
  if (v.status !== 'lost' && v.lostReason !== undefined)
    ctx.addIssue({ code: 'custom', path: ['lostReason'], message: 'lostReason goes with status lost.' });
  if (v.lostReason === 'other' && !v.lostReasonText)
    ctx.addIssue({ code: 'custom', path: ['lostReasonText'], message: 'Say why the deal was lost.' });
  if (v.lostReason !== 'other' && v.lostReasonText !== undefined && v.lostReasonText !== '')
    ctx.addIssue({
      code: 'custom',
      path: ['lostReasonText'],
      message: 'lostReasonText goes with lostReason other.',
    });
}

/**
 * Every stored status: the four of docs/product.md §6.3 plus `spam`, the quarantine of form submissions that
 * failed the proof of work, filled the honeypot or were flagged by a content check (docs/product.md §6.10,
 * decision 037). Spam is out of the default list, the counts and
 * every audience; 'Not spam' moves it to `new`.
 */
export const storedContactStatuses = [...contactStatuses, 'spam'] as const;
export type StoredContactStatus = (typeof storedContactStatuses)[number];

/**
 * Why a form submission is held as spam or marked 'Possible spam' (decisions 037, 057). Only `pow`
 * (no valid, unspent proof of work) and `honeypot` hold it; `links` (three or more, each once, the
 * sender's own domain aside), `phrases`, `script` (mostly not Latin letters) and `disposable` (a
 * throwaway address) only mark a lead; `owner`: the owner moved it to spam.
 */
export const spamReasons = ['pow', 'honeypot', 'links', 'phrases', 'script', 'disposable', 'owner'] as const;
export type SpamReason = (typeof spamReasons)[number];

/** A contact as the API answers it (docs/product.md §13); dates are ISO 8601 UTC strings. */
export const contactSchema = z
  .object({
    id: rowId,
    // name, email, phone, company, notes (src/shared/contact-fields.ts).
    ...contactFieldsResponseShape,
    message: z.string(),
    status: z.enum(storedContactStatuses),
    /** Why a `spam` contact is held (`pow`, `honeypot`, the content signals, `owner`); empty for others. */
    spamReasons: z
      .array(z.enum(spamReasons))
      .describe(
        'Why a spam contact is held: pow or honeypot, any content signals with them, or owner (moved there by the owner). Empty for every other status.',
      ),
    /** Content signals of a lead that is NOT held (decision 057): shown as a 'Possible spam' badge. */
    possibleSpam: z
      .array(z.enum(spamReasons))
      .describe(
        "Content signals (links, phrases, script, disposable) of a lead that is not held: it is a normal lead, shown with a 'Possible spam' badge. Empty for spam contacts.",
      ),
    /** The lead's first-touch source (decision 037); null for contacts from before it or added by hand. */
    source: storedLeadSourceSchema.nullable(),
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
    origin: z
      .enum(contactOrigins)
      .describe(
        "How the contact came in: 'form' (the public form), 'manual' (Add Contact) or 'import' (CSV).",
      ),
    importedAt: z.string().nullable().describe("For origin 'import': when the import ran."),
    lostReason: z
      .enum(lostReasons)
      .nullable()
      .describe(
        "Why a lost deal was lost (budget, timing, no_reply, other_agency, other); null unless status is 'lost'.",
      ),
    lostReasonText: z.string().nullable().describe("The owner's words for lost reason 'other'."),
    statusChangedAt: z.string().describe('When the status last changed (creation when it never did).'),
    importFileName: z
      .string()
      .nullable()
      .describe("For origin 'import': the CSV file's name (null when unknown, for older imports)."),
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
  view: z.enum(contactViews, { error: `view must be one of: ${contactViews.join(', ')}.` }).optional(),
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
 * POST /api/admin/contacts/{id}/status (docs/product.md §12.3): any status, directly
 * (docs/product.md §6.3); `lost` with its `lostReason` (decision 063).
 */
export const contactStatusUpdateSchema = z.object(statusChangeShape).superRefine(checkLostReason);
export type ContactStatusUpdate = z.input<typeof contactStatusUpdateSchema>;

/**
 * PATCH /api/admin/contacts/{id} (docs/product.md §12.3): any of the contact's fields
 * (`contactFields`: name, email, phone, company, notes), each checked as Add Contact checks it,
 * and the status; a key left out is left alone, a blank optional field clears it. A new address
 * that another contact has (any letter case) is refused: 409 `{ error, id }` (decision 019).
 */
export const contactUpdateSchema = z
  .object({
    ...fieldsObject(contactFields),
    // Notes keep their own lines and spaces as typed (the notes card); blank clears them.
    notes: z
      .string({ error: 'Notes must be text.' })
      .max(20_000, 'Notes must be at most 20,000 characters.')
      .nullable()
      .transform((v) => (v?.trim() ? v : null)),
    ...statusChangeShape,
  })
  .partial()
  .superRefine(checkLostReason);
export type ContactUpdate = z.input<typeof contactUpdateSchema>;
export type ParsedContactUpdate = z.output<typeof contactUpdateSchema>;

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
  /**
   * True: merge although the addresses differ, keeping this contact's address (the contact
   * detail's Edit found the new address on this contact and the owner chose to merge; decision 058).
   */
  anyAddress: z.boolean({ error: 'anyAddress must be true or false.' }).optional(),
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
  .object({
    contact: contactSchema,
    tags: z.array(tagSchema),
    tasks: z.array(contactTaskSchema),
    currency: z
      .string()
      .describe('The CURRENCY setting (ISO 4217) the deal value is counted in, in its minor units.'),
  })
  .meta({ id: 'ContactDetail' });
export type ContactDetail = z.infer<typeof contactDetailSchema>;

/**
 * POST /api/admin/contacts: a contact added by hand (Add Contact). The fields of
 * `contactFields` (src/shared/contact-fields.ts: name and email as the public form checks them,
 * phone too, company, notes); status defaults to new; tags by id. The address must not belong to
 * a contact already (any letter case): 409 `{ error, id }`.
 */
export const contactCreateSchema = z.object({
  ...fieldsObject(contactFields),
  // Lost needs a reason: a contact is marked lost from its detail or the board, not added so.
  status: contactStatusSchema.exclude(['lost']).optional().default('new'),
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
