import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientCreateSchema,
  clientSchema,
  clientTaskCreateSchema,
  clientTaskEditSchema,
  clientTaskSchema,
  clientTaskUpdateSchema,
  clientUpdateSchema,
} from '../../../shared/clients.ts';
import { clientIdParams, idParams, taskIdParams } from '../../../shared/ids.ts';
import { errors, noContent } from '../../../shared/responses.ts';
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

/** Client and client-task routes (docs/product.md §7.1); mounted behind `requireAdmin`. */
export async function adminClientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/clients',
    { schema: { summary: 'Every client', response: { 200: z.array(clientSchema) } } },
    async () => listClients(app.db),
  );

  r.post(
    '/clients',
    { schema: { summary: 'Add a client', body: clientCreateSchema, response: { 201: clientSchema } } },
    async (request, reply) => reply.code(201).send(await createClient(app.db, request.body)),
  );

  r.patch(
    '/clients/:id',
    {
      schema: {
        summary: "Edit a client's name, email, phone, company and notes",
        params: idParams,
        body: clientUpdateSchema,
        response: { 200: clientSchema, ...errors({ 404: 'No such client.' }) },
      },
    },
    async (request) => updateClient(app.db, request.params.id, request.body),
  );

  r.delete(
    '/clients/:id',
    {
      schema: {
        summary: 'Delete a client and its tasks',
        params: idParams,
        response: { 204: noContent, ...errors({ 404: 'No such client.' }) },
      },
    },
    async (request, reply) => {
      await deleteClient(app.db, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    '/clients/:id/tasks',
    {
      schema: {
        summary: "A client's tasks",
        params: idParams,
        response: { 200: z.array(clientTaskSchema), ...errors({ 404: 'No such client.' }) },
      },
    },
    async (request) => listClientTasks(app.db, request.params.id),
  );

  r.post(
    '/clients/:clientId/tasks',
    {
      schema: {
        summary: 'Add a task to a client',
        params: clientIdParams,
        body: clientTaskCreateSchema,
        response: { 201: clientTaskSchema, ...errors({ 404: 'No such client.' }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createClientTask(app.db, request.params.clientId, request.body)),
  );

  r.patch(
    '/clients/tasks/:taskId',
    {
      schema: {
        summary: 'Set a client task done or working',
        params: taskIdParams,
        body: clientTaskUpdateSchema,
        response: { 200: clientTaskSchema, ...errors({ 404: 'No such task.' }) },
      },
    },
    async (request) => updateClientTask(app.db, request.params.taskId, request.body),
  );

  r.put(
    '/clients/tasks/:taskId',
    {
      schema: {
        summary: "Edit a client task's title, description and due date",
        params: taskIdParams,
        body: clientTaskEditSchema,
        response: { 200: clientTaskSchema, ...errors({ 404: 'No such task.' }) },
      },
    },
    async (request) => editClientTask(app.db, request.params.taskId, request.body),
  );

  r.delete(
    '/clients/tasks/:taskId',
    {
      schema: {
        summary: 'Delete a client task',
        params: taskIdParams,
        response: { 204: noContent, ...errors({ 404: 'No such task.' }) },
      },
    },
    async (request, reply) => {
      await deleteClientTask(app.db, request.params.taskId);
      return reply.code(204).send();
    },
  );
}
