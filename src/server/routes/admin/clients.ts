import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientCreateSchema,
  clientTaskCreateSchema,
  clientTaskUpdateSchema,
} from '../../../shared/clients.ts';
import {
  createClient,
  createClientTask,
  deleteClient,
  deleteClientTask,
  listClients,
  listClientTasks,
  updateClientTask,
} from '../../clients/client-operations.ts';
import {
  clientIdParams,
  clientSchema,
  clientTaskSchema,
  errorSchema,
  idParams,
  noContent,
  taskIdParams,
} from './schemas.ts';

/** Client and client-task routes (spec §7 clients); mounted behind `requireAdmin`. */
export async function adminClientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/clients', { schema: { response: { 200: z.array(clientSchema) } } }, async () =>
    listClients(app.db),
  );

  r.post(
    '/clients',
    { schema: { body: clientCreateSchema, response: { 201: clientSchema, '4xx': errorSchema } } },
    async (request, reply) => reply.code(201).send(await createClient(app.db, request.body)),
  );

  r.delete(
    '/clients/:id',
    { schema: { params: idParams, response: { 204: noContent, '4xx': errorSchema } } },
    async (request, reply) => {
      await deleteClient(app.db, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/clients/:id/tasks',
    { schema: { params: idParams, response: { 200: z.array(clientTaskSchema), '4xx': errorSchema } } },
    async (request) => listClientTasks(app.db, request.params.id),
  );

  r.post(
    '/clients/:clientId/tasks',
    {
      schema: {
        params: clientIdParams,
        body: clientTaskCreateSchema,
        response: { 201: clientTaskSchema, '4xx': errorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createClientTask(app.db, request.params.clientId, request.body)),
  );

  r.patch(
    '/clients/tasks/:taskId',
    {
      schema: {
        params: taskIdParams,
        body: clientTaskUpdateSchema,
        response: { 200: clientTaskSchema, '4xx': errorSchema },
      },
    },
    async (request) => updateClientTask(app.db, request.params.taskId, request.body),
  );

  r.delete(
    '/clients/tasks/:taskId',
    { schema: { params: taskIdParams, response: { 204: noContent, '4xx': errorSchema } } },
    async (request, reply) => {
      await deleteClientTask(app.db, request.params.taskId);
      return reply.code(204).send();
    },
  );
}
