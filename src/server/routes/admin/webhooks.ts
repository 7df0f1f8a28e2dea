import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webhookEndpoints as api } from '../../../shared/api/webhooks.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  queueTestDelivery,
  resendDelivery,
  updateWebhook,
  type WebhookContext,
} from '../../webhooks/webhook-endpoints.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/** Outgoing webhooks (decision 066); mounted behind the session or an API token. */
export async function adminWebhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (): WebhookContext => ({
    db: app.db,
    key: app.webhookKey,
    allowPrivate: app.config.webhookAllowPrivate,
    resolve: app.webhooks.resolver,
  });

  r.route({ ...serveEndpoint(r, api.listWebhooks), handler: async () => listWebhooks(app.db) });

  r.route({
    ...serveEndpoint(r, api.createWebhook),
    handler: async (request, reply) => reply.code(201).send(await createWebhook(ctx(), request.body)),
  });

  r.route({
    ...serveEndpoint(r, api.updateWebhook),
    handler: async (request) => updateWebhook(ctx(), request.params.id, request.body),
  });

  r.route({
    ...serveEndpoint(r, api.deleteWebhook),
    handler: async (request, reply) => {
      await deleteWebhook(app.db, request.params.id);
      return reply.code(204).send();
    },
  });

  r.route({
    ...serveEndpoint(r, api.listWebhookDeliveries),
    handler: async (request) => listDeliveries(app.db, request.params.id),
  });

  r.route({
    ...serveEndpoint(r, api.testWebhook),
    handler: async (request, reply) => {
      const delivery = await queueTestDelivery(app.db, request.params.id, app.config.site.name);
      app.webhooks.nudge();
      return reply.code(202).send(delivery);
    },
  });

  r.route({
    ...serveEndpoint(r, api.resendWebhookDelivery),
    handler: async (request, reply) => {
      const delivery = await resendDelivery(app.db, request.params.id, request.params.deliveryId);
      app.webhooks.nudge();
      return reply.code(202).send(delivery);
    },
  });
}
