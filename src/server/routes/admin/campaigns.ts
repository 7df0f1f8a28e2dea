import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignCreateSchema,
  campaignSendSchema,
  campaignStatuses,
  recipientStatuses,
} from '../../../shared/campaigns.ts';
import type { MailUsage } from '../../../shared/mail.ts';
import {
  createCampaign,
  deleteCampaign,
  getCampaignDetails,
  listAudience,
  listCampaigns,
} from '../../campaigns/campaign-operations.ts';
import { checkCampaignPlaceholders } from '../../campaigns/check-campaign-placeholders.ts';
import { countSentLast24h } from '../../mail/mail-usage.ts';
import { errorSchema, idParams, noContent } from './schemas.ts';

const campaignSchema = z.object({
  id: z.number().int(),
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
});

const detailsSchema = campaignSchema.extend({
  recipients: z.array(
    z.object({
      id: z.number().int(),
      contactId: z.number().int().nullable(),
      email: z.string(),
      status: z.enum(recipientStatuses),
      sentAt: z.string().nullable(),
      errorMessage: z.string().nullable(),
      contact: z.object({ name: z.string(), email: z.string() }).nullable(),
    }),
  ),
});

const sendResultSchema = z.object({
  sentCount: z.number(),
  success: z.number(),
  failed: z.number(),
  skipped: z.number(),
  pending: z.number(),
});

/**
 * Campaign routes (spec §7 campaigns); mounted behind `requireAdmin`. A send answers 200 with the
 * counts when every chosen recipient was handled in the request, or 202 with what is still
 * pending (a large batch, or the daily cap) while the worker carries on.
 */
export async function adminCampaignRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/campaigns', { schema: { response: { 200: z.array(campaignSchema) } } }, async () =>
    listCampaigns(app.db),
  );

  r.get(
    '/campaigns/audience',
    {
      schema: {
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              name: z.string(),
              email: z.string(),
              unsubscribed: z.boolean(),
            }),
          ),
        },
      },
    },
    async () => listAudience(app.db),
  );

  r.post(
    '/campaigns',
    { schema: { body: campaignCreateSchema, response: { 201: campaignSchema, '4xx': errorSchema } } },
    async (request, reply) => reply.code(201).send(await createCampaign(app.db, request.body)),
  );

  r.get(
    '/campaigns/:id/details',
    { schema: { params: idParams, response: { 200: detailsSchema, '4xx': errorSchema } } },
    async (request) => getCampaignDetails(app.db, request.params.id),
  );

  r.post(
    '/campaigns/:id/send',
    {
      schema: {
        params: idParams,
        body: campaignSendSchema,
        response: { 200: sendResultSchema, 202: sendResultSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) => {
      await checkCampaignPlaceholders(app.db, request.params.id);
      const result = await app.campaigns.send(request.params.id, request.body.recipientIds);
      return reply.code(result.pending > 0 ? 202 : 200).send(result);
    },
  );

  r.delete(
    '/campaigns/:id',
    { schema: { params: idParams, response: { 204: noContent, '4xx': errorSchema } } },
    async (request, reply) => {
      await deleteCampaign(app.db, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/mail-usage',
    { schema: { response: { 200: z.object({ sentLast24h: z.number(), dailyLimit: z.number() }) } } },
    async (): Promise<MailUsage> => ({
      sentLast24h: await countSentLast24h(app.db),
      dailyLimit: app.config.mail.dailyLimit,
    }),
  );
}
