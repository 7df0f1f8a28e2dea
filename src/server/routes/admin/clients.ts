import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientEndpoints as api } from '../../../shared/api/clients.ts';
import {
  createClient,
  createClientTask,
  deleteClient,
  deleteClientTask,
  editClientTask,
  listClients,
  listClientTasks,
  updateClient,
  updateClientTask,
} from '../../clients/client-operations.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * Client and client-task routes (docs/product.md §7.1), declared in `src/shared/api/clients.ts`;
 * mounted behind `requireAdmin`.
 */
export async function adminClientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({ ...serveEndpoint(r, api.listClients), handler: async () => listClients(app.db) });

  r.route({
    ...serveEndpoint(r, api.createClient),
    handler: async (request, reply) => reply.code(201).send(await createClient(app.db, request.body)),
  });

  r.route({
    ...serveEndpoint(r, api.updateClient),
    handler: async (request) => updateClient(app.db, request.params.id, request.body),
  });

  r.route({
    ...serveEndpoint(r, api.deleteClient),
    handler: async (request, reply) => {
      await deleteClient(app.db, request.params.id);
      return reply.code(204).send();
    },
  });

  r.route({
    ...serveEndpoint(r, api.listClientTasks),
    handler: async (request) => listClientTasks(app.db, request.params.id),
  });

  r.route({
    ...serveEndpoint(r, api.createClientTask),
    handler: async (request, reply) =>
      reply.code(201).send(await createClientTask(app.db, request.params.clientId, request.body)),
  });

  r.route({
    ...serveEndpoint(r, api.updateClientTask),
    handler: async (request) => updateClientTask(app.db, request.params.taskId, request.body),
  });

  r.route({
    ...serveEndpoint(r, api.editClientTask),
    handler: async (request) => editClientTask(app.db, request.params.taskId, request.body),
  });

  r.route({
    ...serveEndpoint(r, api.deleteClientTask),
    handler: async (request, reply) => {
      await deleteClientTask(app.db, request.params.taskId);
      return reply.code(204).send();
    },
  });
}
