import { z } from 'zod';
import { bodyId } from './ids.ts';
import { unknownPlaceholderMessage, unknownPlaceholders } from './personalize.ts';

export const campaignStatuses = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * Recipient states (DESIGN §3 'Campaigns'): `pending` waits (for the worker or the daily cap),
 * `sending` is claimed and being handed to the provider, `sent`, `failed` (with the provider's
 * error), `skipped` (unsubscribed), `interrupted` (the process stopped mid-send; not resent so
 * nobody gets the campaign twice).
 */
export const recipientStatuses = ['pending', 'sending', 'sent', 'failed', 'skipped', 'interrupted'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/** A campaign as the list shows it (spec §3 'Campaign' plus per-status counts). */
export interface Campaign {
  id: number;
  name: string;
  subject: string;
  htmlContent: string;
  status: CampaignStatus;
  recipientCount: number;
  sentCount: number;
  failedCount: number;
  pendingCount: number;
  sentAt: string | null;
  createdAt: string;
}

export interface CampaignRecipient {
  id: number;
  contactId: number | null;
  /** The address this row is for (unique per campaign, lower-cased; issue #11 §3). */
  email: string;
  status: RecipientStatus;
  sentAt: string | null;
  errorMessage: string | null;
  /** The contact as it is now; null when the contact was deleted (the screen shows 'Unknown'). */
  contact: { name: string; email: string } | null;
}

/** GET /api/admin/campaigns/{id}/details: the campaign plus its recipients. */
export interface CampaignDetails extends Campaign {
  recipients: CampaignRecipient[];
}

/**
 * A contact as the recipient checklists show it (GET /api/admin/campaigns/audience): unsubscribed
 * contacts are listed, marked, and cannot be chosen (DESIGN §3 'Unsubscribe').
 */
export interface AudienceMember {
  id: number;
  name: string;
  email: string;
  unsubscribed: boolean;
}

/** POST /api/admin/campaigns answer of a send (spec §7: sentCount with success and failed). */
export interface CampaignSendResult {
  /** Recipients handled by this call (sent + failed + skipped). */
  sentCount: number;
  success: number;
  failed: number;
  skipped: number;
  /** Recipients still waiting (large batch or daily cap): the call answered 202. */
  pending: number;
}

const required = (label: string, max: number) =>
  z
    .string({ error: 'All fields are required' })
    .trim()
    .min(1, 'All fields are required')
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`);

/** Refuses a template with unknown placeholders, naming them and the known ones (issue #11 §4). */
const knownPlaceholdersOnly = (template: string, ctx: z.RefinementCtx) => {
  const unknown = unknownPlaceholders(template);
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
};

/**
 * POST /api/admin/campaigns (spec §5: name, subject and HTML content required, trimmed; issue #11
 * §4: subject and content may use only the known placeholders).
 */
export const campaignCreateSchema = z.object({
  name: required('Campaign name', 200),
  subject: required('Subject', 300).superRefine(knownPlaceholdersOnly),
  htmlContent: required('Content', 200_000).superRefine(knownPlaceholdersOnly),
  /** The recipients ticked in the create dialog, kept with the draft until it is sent. */
  recipientIds: z.array(bodyId('Recipient id')).max(100_000).optional(),
});
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

/** POST /api/admin/campaigns/{id}/send (spec §5: at least one recipient). */
export const campaignSendSchema = z.object({
  recipientIds: z
    .array(bodyId('Recipient id'), { error: 'Please select at least one recipient' })
    .min(1, 'Please select at least one recipient')
    .max(100_000),
});
