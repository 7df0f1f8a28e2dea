import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
} from '../../../shared/campaigns.ts';
import { idParams } from '../../../shared/ids.ts';
import { type MailUsage, mailUsageSchema } from '../../../shared/mail.ts';
import { errors, noContent } from '../../../shared/responses.ts';
import { listAudiencePage } from '../../campaigns/campaign-audience.ts';
import {
  createCampaign,
  deleteCampaign,
  editDraftCampaign,
  getCampaignDetails,
  listCampaigns,
} from '../../campaigns/campaign-operations.ts';
import { checkCampaignPlaceholders } from '../../campaigns/check-campaign-placeholders.ts';
import { countSentLast24h } from '../../mail/mail-usage.ts';

const noCampaign = errors({ 404: 'No such campaign.' });

/**
 * Campaign routes (docs/product.md §8.1); mounted behind `requireAdmin`. A send answers 200 with the
 * counts when every chosen recipient was handled in the request, or 202 with what is still
 * pending (a large batch, or the daily cap) while the worker carries on.
 */
export async function adminCampaignRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/campaigns',
    { schema: { summary: 'Every campaign with its counts', response: { 200: z.array(campaignSchema) } } },
    async () => listCampaigns(app.db),
  );

  // The recipient checklist, one page at a time (decision 029): `X-Next-Cursor` as the contacts
  // list; on the first page `X-Total-Count` (matches) and `X-Selectable-Count` (still subscribed).
  r.get(
    '/campaigns/audience',
    {
      schema: {
        summary: 'One page of the contacts a campaign can go to (unsubscribed ones marked)',
        description:
          'Headers: `X-Next-Cursor` (pass as `cursor` for the next page); on the first page `X-Total-Count` (matches) and `X-Selectable-Count` (still subscribed, not yet sent or queued).',
        querystring: audiencePageQuerySchema,
        response: { 200: z.array(audienceMemberSchema) },
      },
    },
    async (request, reply) => {
      const page = await listAudiencePage(app.db, request.query);
      if (page.total !== null) reply.header('x-total-count', String(page.total));
      if (page.selectable !== null) reply.header('x-selectable-count', String(page.selectable));
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.members;
    },
  );

  r.post(
    '/campaigns',
    {
      schema: {
        summary: 'Create a draft campaign with its chosen recipients',
        body: campaignCreateSchema,
        response: { 201: campaignSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createCampaign(app.db, request.body)),
  );

  r.put(
    '/campaigns/:id',
    {
      schema: {
        summary: "Edit a draft's name, subject and content",
        params: idParams,
        body: campaignEditSchema,
        response: {
          200: campaignSchema,
          ...errors({ 404: 'No such campaign.', 409: 'Only a draft can be edited.' }),
        },
      },
    },
    async (request) => editDraftCampaign(app.db, request.params.id, request.body),
  );

  r.get(
    '/campaigns/:id/details',
    {
      schema: {
        summary: 'A campaign with one page of its recipients and how each email went',
        params: idParams,
        querystring: recipientPageQuerySchema,
        response: { 200: campaignDetailsSchema, ...noCampaign },
      },
    },
    async (request) => getCampaignDetails(app.db, request.params.id, request.query),
  );

  r.post(
    '/campaigns/:id/send',
    {
      schema: {
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
      },
    },
    async (request, reply) => {
      await checkCampaignPlaceholders(app.db, request.params.id);
      const result = await app.campaigns.send(request.params.id, request.body);
      return reply.code(result.pending > 0 ? 202 : 200).send(result);
    },
  );

  r.post(
    '/campaigns/:id/resend-interrupted',
    {
      schema: {
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
      },
    },
    async (request, reply) => {
      const result = await app.campaigns.resendInterrupted(request.params.id, request.body.count);
      return reply.code(result.pending > 0 ? 202 : 200).send(result);
    },
  );

  r.delete(
    '/campaigns/:id',
    {
      schema: {
        summary: 'Delete a campaign',
        params: idParams,
        response: {
          204: noContent,
          ...errors({ 404: 'No such campaign.', 409: 'The campaign is being sent right now.' }),
        },
      },
    },
    async (request, reply) => {
      await deleteCampaign(app.db, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/mail-usage',
    {
      schema: {
        summary: 'Emails sent in the last 24 hours against the daily cap',
        response: { 200: mailUsageSchema },
      },
    },
    async (): Promise<MailUsage> => ({
      sentLast24h: await countSentLast24h(app.db),
      dailyLimit: app.config.mail.dailyLimit,
    }),
  );
}
