import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pushEndpoints as api } from '../../../shared/api/push.ts';
import {
  getPushSettings,
  listPushDevices,
  type PushContext,
  queueTestPush,
  removePushDevice,
  setPushSettings,
  subscribePush,
  unsubscribePush,
} from '../../push/push-devices.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/** Push notifications to the owner's devices (decision 071); mounted behind the session only. */
export async function adminPushRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (): PushContext => ({
    db: app.db,
    allowPrivate: app.config.webhookAllowPrivate,
    resolve: app.push.resolver,
  });

  r.route({
    ...serveEndpoint(r, api.getPushKey),
    handler: async () => ({ publicKey: (await app.vapidKeys.get()).publicKey }),
  });

  r.route({ ...serveEndpoint(r, api.listPushDevices), handler: async () => listPushDevices(app.db) });

  r.route({
    ...serveEndpoint(r, api.subscribePush),
    handler: async (request, reply) =>
      reply.code(201).send(await subscribePush(ctx(), request.body, request.headers['user-agent'])),
  });

  r.route({
    ...serveEndpoint(r, api.unsubscribePush),
    handler: async (request, reply) => {
      await unsubscribePush(app.db, request.body.endpoint);
      return reply.code(204).send();
    },
  });

  r.route({
    ...serveEndpoint(r, api.removePushDevice),
    handler: async (request, reply) => {
      await removePushDevice(app.db, request.params.id);
      return reply.code(204).send();
    },
  });

  r.route({ ...serveEndpoint(r, api.getPushSettings), handler: async () => getPushSettings(app.db) });

  r.route({
    ...serveEndpoint(r, api.updatePushSettings),
    handler: async (request) => setPushSettings(app.db, request.body),
  });

  r.route({
    ...serveEndpoint(r, api.testPush),
    handler: async (_request, reply) => {
      const queued = await queueTestPush(app.db);
      app.push.nudge();
      return reply.code(202).send({ queued });
    },
  });
}
