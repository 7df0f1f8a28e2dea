import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campaignEndpoints as api } from '../../../shared/api/campaigns.ts';
import type { MailUsage } from '../../../shared/mail.ts';
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
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * Campaign routes (docs/product.md §8.1), declared in `src/shared/api/campaigns.ts`; mounted
 * behind `requireAdmin`. A send answers 200 with the counts when every chosen recipient was
 * handled in the request, or 202 with what is still pending (a large batch, or the daily cap)
 * while the worker carries on.
 */
export async function adminCampaignRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...serveEndpoint(r, api.listCampaigns), handler: async () => listCampaigns(app.db) });

  // The recipient checklist, one page at a time (decision 029): `X-Next-Cursor` as the contacts
  // list; on the first page `X-Total-Count` (matches) and `X-Selectable-Count` (still subscribed).
  r.route({
    ...serveEndpoint(r, api.listCampaignAudience),
    handler: async (request, reply) => {
      const page = await listAudiencePage(app.db, request.query);
      if (page.total !== null) reply.header('x-total-count', String(page.total));
      if (page.selectable !== null) reply.header('x-selectable-count', String(page.selectable));
      if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
      return page.members;
    },
  });

  r.route({
    ...serveEndpoint(r, api.createCampaign),
    handler: async (request, reply) => reply.code(201).send(await createCampaign(app.db, request.body)),
  });

  r.route({
    ...serveEndpoint(r, api.editCampaign),
    handler: async (request) => editDraftCampaign(app.db, request.params.id, request.body),
  });

  r.route({
    ...serveEndpoint(r, api.getCampaignDetails),
    handler: async (request) => getCampaignDetails(app.db, request.params.id, request.query),
  });

  r.route({
    ...serveEndpoint(r, api.sendCampaign),
    handler: async (request, reply) => {
      await checkCampaignPlaceholders(app.db, request.params.id);
      const result = await app.campaigns.send(request.params.id, request.body);
      return reply.code(result.pending > 0 ? 202 : 200).send(result);
    },
  });

  r.route({
    ...serveEndpoint(r, api.resendCampaignInterrupted),
    handler: async (request, reply) => {
      const result = await app.campaigns.resendInterrupted(request.params.id, request.body.count);
      return reply.code(result.pending > 0 ? 202 : 200).send(result);
    },
  });

  r.route({
    ...serveEndpoint(r, api.deleteCampaign),
    handler: async (request, reply) => {
      await deleteCampaign(app.db, request.params.id);
      return reply.code(204).send();
    },
  });

  r.route({
    ...serveEndpoint(r, api.getMailUsage),
    handler: async (): Promise<MailUsage> => ({
      sentLast24h: await countSentLast24h(app.db),
      dailyLimit: app.config.mail.dailyLimit,
    }),
  });
}
