import { z } from 'zod';
import {
  audienceMemberSchema,
  audiencePageQuerySchema,
  campaignCreateSchema,
  campaignDetailsSchema,
  campaignEditSchema,
  campaignResendInterruptedSchema,
  campaignSchema,
  campaignSendResultSchema,
  campaignSendSchema,
  recipientPageQuerySchema,
} from '../campaigns.ts';
import { idParams } from '../ids.ts';
import { mailUsageSchema } from '../mail.ts';
import { errors, noContent } from '../responses.ts';
import { campaignRoutes as routes } from './campaigns-routes.ts';
import { endpoint } from './endpoint.ts';

const noCampaign = errors({ 404: 'No such campaign.' });

/**
 * The campaign endpoints (docs/product.md §8.1) and the daily-cap counter; admin session required.
 * A send answers 200 with the counts when every chosen recipient was handled in the request, or
 * 202 with what is still pending (a large batch, or the daily cap) while the worker carries on.
 */
export const campaignEndpoints = {
  listCampaigns: endpoint(routes.listCampaigns, {
    summary: 'Every campaign with its counts',
    response: { 200: z.array(campaignSchema) },
  }),
  /**
   * The recipient checklist, one page at a time (decision 029): `X-Next-Cursor` as the contacts
   * list; on the first page `X-Total-Count` (matches) and `X-Selectable-Count` (still subscribed).
   */
  listCampaignAudience: endpoint(routes.listCampaignAudience, {
    summary: 'One page of the contacts a campaign can go to (unsubscribed ones marked)',
    description:
      'Headers: `X-Next-Cursor` (pass as `cursor` for the next page); on the first page `X-Total-Count` (matches) and `X-Selectable-Count` (still subscribed, not yet sent or queued).',
    querystring: audiencePageQuerySchema,
    response: { 200: z.array(audienceMemberSchema) },
  }),
  createCampaign: endpoint(routes.createCampaign, {
    summary: 'Create a draft campaign with its chosen recipients',
    body: campaignCreateSchema,
    response: { 201: campaignSchema },
  }),
  editCampaign: endpoint(routes.editCampaign, {
    summary: "Edit a draft's name, subject and content",
    params: idParams,
    body: campaignEditSchema,
    response: {
      200: campaignSchema,
      ...errors({ 404: 'No such campaign.', 409: 'Only a draft can be edited.' }),
    },
  }),
  getCampaignDetails: endpoint(routes.getCampaignDetails, {
    summary: 'A campaign with one page of its recipients and how each email went',
    params: idParams,
    querystring: recipientPageQuerySchema,
    response: { 200: campaignDetailsSchema, ...noCampaign },
  }),
  sendCampaign: endpoint(routes.sendCampaign, {
    summary: 'Send the campaign to the chosen recipients',
    description:
      'Up to 50 recipients are sent within the request (200). A larger batch, or one held by the ' +
      'daily cap, answers 202 with `pending` while the background sender carries on. An address ' +
      'already mailed by this campaign is never mailed again.',
    params: idParams,
    body: campaignSendSchema,
    response: {
      200: campaignSendResultSchema,
      202: campaignSendResultSchema,
      ...errors({
        400: 'Invalid input, or an unknown placeholder in the campaign.',
        404: 'No such campaign.',
      }),
    },
  }),
  resendCampaignInterrupted: endpoint(routes.resendCampaignInterrupted, {
    summary: 'Resend the campaign to its interrupted recipients, once',
    description:
      'Interrupted recipients may already have the email (the server stopped after handing it to ' +
      'the mail provider, which did not confirm it). This resends to each of them at most once: a ' +
      'recipient resent here that is interrupted again is never resent. `count` is the number the ' +
      'admin confirmed (the details give `interruptedToResend`); 409 when it no longer matches. ' +
      'Up to 50 are sent within the request (200), more answer 202 with `pending`.',
    params: idParams,
    body: campaignResendInterruptedSchema,
    response: {
      200: campaignSendResultSchema,
      202: campaignSendResultSchema,
      ...errors({
        400: 'Invalid input.',
        404: 'No such campaign.',
        409: 'The number of interrupted recipients to resend is not `count` (none left, or the screen was stale).',
      }),
    },
  }),
  deleteCampaign: endpoint(routes.deleteCampaign, {
    summary: 'Delete a campaign',
    params: idParams,
    response: {
      204: noContent,
      ...errors({ 404: 'No such campaign.', 409: 'The campaign is being sent right now.' }),
    },
  }),
  getMailUsage: endpoint(routes.getMailUsage, {
    summary: 'Emails sent in the last 24 hours against the daily cap',
    response: { 200: mailUsageSchema },
  }),
};
