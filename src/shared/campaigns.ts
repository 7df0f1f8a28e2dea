import { z } from 'zod';
import { contactStatusSchema } from './contacts.ts';
import { bodyId, MAX_ID, rowId } from './ids.ts';
import { unknownPlaceholderMessage, unknownPlaceholders } from './personalize.ts';

export const campaignStatuses = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * Recipient states (docs/product.md §8.3): `pending` waits (for the worker or the daily cap),
 * `sending` is claimed and being handed to the provider, `sent`, `failed` (with the provider's
 * error), `skipped` (unsubscribed), `interrupted` (the process stopped mid-send and the provider
 * may have delivered it: not resent automatically; the admin may resend it once, decision 044).
 */
export const recipientStatuses = [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
  'interrupted',
  'bounced',
] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/** A campaign as the list shows it (docs/product.md §8.1 plus per-status counts). */
export const campaignSchema = z
  .object({
    id: rowId,
    name: z.string(),
    subject: z.string(),
    htmlContent: z.string(),
    status: z.enum(campaignStatuses),
    recipientCount: z.number(),
    sentCount: z.number(),
    failedCount: z.number(),
    pendingCount: z.number(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

/** One recipient of a campaign and how its email went. */
export const campaignRecipientSchema = z
  .object({
    id: rowId,
    contactId: rowId.nullable(),
    /** The address this row is for (unique per campaign, lower-cased). */
    email: z
      .string()
      .nullable()
      .describe(
        'The address this row is for (unique per campaign, lower-cased); null once the contact was erased.',
      ),
    status: z.enum(recipientStatuses),
    sentAt: z.string().nullable(),
    errorMessage: z.string().nullable(),
    /** The contact as it is now; null when the contact was deleted (the screen shows 'Unknown'). */
    contact: z
      .object({ name: z.string(), email: z.string() })
      .nullable()
      .describe('The contact as it is now; null when the contact was deleted.'),
  })
  .meta({ id: 'CampaignRecipient' });
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

/**
 * GET /api/admin/campaigns/{id}/details: the campaign, its counts, and one page of its
 * recipients in queue order (paged; `recipientsNextCursor` asks for the next).
 */
export const campaignDetailsSchema = campaignSchema
  .extend({
    recipients: z.array(campaignRecipientSchema),
    recipientsNextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` for the next page of recipients; null on the last page.'),
    interruptedToResend: z
      .number()
      .describe(
        "Interrupted recipients 'Resend to N interrupted' would send to: never resent before (an interrupted recipient is resent at most once).",
      ),
  })
  .meta({ id: 'CampaignDetails' });
export type CampaignDetails = z.infer<typeof campaignDetailsSchema>;

/** Largest page of recipients or audience members, and the size without `limit` (decision 029). */
export const CAMPAIGN_PAGE_MAX = 200;

/** Query of the details' recipient page: `limit` rows after `cursor`. */
export const recipientPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CAMPAIGN_PAGE_MAX).default(100),
  cursor: z
    .string()
    .max(40)
    .regex(/^\d{1,10}$/, 'Invalid cursor')
    .optional(),
});

/**
 * A server-side audience (decision 029): every contact still subscribed, narrowed by any of a search
 * (name, email or message, as the contacts list), a status and a tag. `{}` is everyone
 * subscribed. Resolved by the database in one `INSERT … SELECT`, so a million recipients never
 * travel through the browser.
 */
export const audienceFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: contactStatusSchema.optional(),
  tagId: bodyId('Tag id').optional(),
});
export type AudienceFilter = z.infer<typeof audienceFilterSchema>;

/** Query of GET /api/admin/campaigns/audience: the checklist's page of contacts (decision 029). */
export const audiencePageQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: contactStatusSchema.optional(),
  tagId: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  /** Marks contacts whose address this campaign already sent to or queued. */
  campaignId: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(CAMPAIGN_PAGE_MAX).default(100),
  cursor: z.string().max(400).optional(),
});
export type AudiencePageQuery = z.infer<typeof audiencePageQuerySchema>;

/**
 * A contact as the recipient checklists show it (GET /api/admin/campaigns/audience): unsubscribed
 * contacts are listed, marked, and cannot be chosen (docs/product.md §8.6).
 */
export const audienceMemberSchema = z
  .object({
    id: rowId,
    name: z.string(),
    email: z.string(),
    unsubscribed: z.boolean(),
    mark: z
      .enum(['sent', 'queued', 'chosen'])
      .nullable()
      .describe(
        'With `campaignId`: `sent` when the campaign already reached this address, `queued` when it waits in a campaign being sent, `chosen` when a draft keeps it as a recipient; else null.',
      ),
  })
  .meta({ id: 'AudienceMember' });
export type AudienceMember = z.infer<typeof audienceMemberSchema>;

/** One page of the checklist with its counts (counts on the first page only). */
export const audiencePageSchema = z
  .object({
    members: z.array(audienceMemberSchema),
    nextCursor: z.string().nullable(),
    total: z
      .number()
      .nullable()
      .describe('Contacts matching the filter, listed (unsubscribed ones included); null after page one.'),
    selectable: z
      .number()
      .nullable()
      .describe(
        "Of those, the ones 'Select all N matching' would add: still subscribed and, with `campaignId`, not already sent or queued by that campaign; null after page one.",
      ),
  })
  .meta({ id: 'AudiencePage' });
export type AudiencePage = z.infer<typeof audiencePageSchema>;

/** POST /api/admin/campaigns/{id}/send answer (docs/product.md §12.3: sentCount with success and failed). */
export const campaignSendResultSchema = z
  .object({
    /** Recipients handled by this call (sent + failed + skipped). */
    sentCount: z.number().describe('Recipients handled by this call (sent + failed + skipped).'),
    success: z.number(),
    failed: z.number(),
    skipped: z.number(),
    /** Recipients still waiting (large batch or daily cap): the call answered 202. */
    pending: z
      .number()
      .describe('Recipients still waiting (large batch or daily cap): the call answered 202.'),
  })
  .meta({ id: 'CampaignSendResult' });
export type CampaignSendResult = z.infer<typeof campaignSendResultSchema>;

const required = (label: string, max: number) =>
  z
    .string({ error: 'All fields are required' })
    .trim()
    .min(1, 'All fields are required')
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`);

/** Refuses a template with unknown placeholders, naming them and the known ones. */
const knownPlaceholdersOnly = (template: string, ctx: z.RefinementCtx) => {
  const unknown = unknownPlaceholders(template);
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
};

/**
 * POST /api/admin/campaigns (docs/product.md §8.2: name, subject and HTML content required, trimmed;
 * subject and content may use only the known placeholders, §8.5).
 */
export const campaignCreateSchema = z.object({
  name: required('Campaign name', 200),
  subject: required('Subject', 300).superRefine(knownPlaceholdersOnly),
  htmlContent: required('Content', 200_000).superRefine(knownPlaceholdersOnly),
  /** The recipients ticked in the create dialog, kept with the draft until it is sent. */
  recipientIds: z.array(bodyId('Recipient id')).max(100_000).optional(),
  /** Everyone matching this filter too ('Select all N matching'). */
  audience: audienceFilterSchema.optional(),
  /** Contacts left out of the audience (unticked after 'Select All'). */
  excludeIds: z.array(bodyId('Excluded id')).max(100_000).optional(),
});
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

/**
 * PUT /api/admin/campaigns/{id}: a draft's name, subject and content, with Create Campaign's
 * rules. Its recipients stay; they are chosen again when it is sent.
 */
export const campaignEditSchema = campaignCreateSchema.pick({ name: true, subject: true, htmlContent: true });
export type CampaignEdit = z.infer<typeof campaignEditSchema>;

/**
 * POST /api/admin/campaigns/{id}/send (docs/product.md §8.2: at least one recipient): hand-picked contact
 * ids, an audience filter (decision 029), and, for a draft, `draftRecipients: true` to keep the
 * recipients chosen when it was created (without it the choice replaces them); `excludeIds`
 * leaves contacts out of the audience and of the kept recipients.
 */
export const campaignSendSchema = z
  .object({
    recipientIds: z
      .array(bodyId('Recipient id'), { error: 'Please select at least one recipient' })
      .max(100_000)
      .default([]),
    audience: audienceFilterSchema.optional(),
    /** Contacts left out: of the audience, and of the draft's recipients when they are kept. */
    excludeIds: z.array(bodyId('Excluded id')).max(100_000).optional(),
    draftRecipients: z.boolean().optional(),
  })
  .refine((body) => body.recipientIds.length > 0 || body.audience || body.draftRecipients, {
    message: 'Please select at least one recipient',
  });
export type CampaignSend = z.infer<typeof campaignSendSchema>;

/**
 * POST /api/admin/campaigns/{id}/resend-interrupted (decision 044): `count` is the number the
 * confirmation named ('Resend to N interrupted'); the server refuses (409) when it no longer
 * matches, so the admin never sends to more, or other, recipients than they agreed to.
 */
export const campaignResendInterruptedSchema = z.strictObject({
  count: z
    .number({ error: 'count must be the number of interrupted recipients to resend' })
    .int('count must be a whole number')
    .min(1, 'count must be at least 1')
    .max(MAX_ID, 'count is too large'),
});
export type CampaignResendInterrupted = z.infer<typeof campaignResendInterruptedSchema>;

/** `/unsubscribe/:token`: the signed token of one campaign recipient (docs/product.md §8.6). */
export const unsubscribeParamsSchema = z.object({ token: z.string().max(200) });
