import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { taskEndpoints as api } from '../../../shared/api/tasks.ts';
import {
  completeContactTask,
  createContactTask,
  deleteContactTask,
  editContactTask,
  listTasks,
} from '../../tasks/task-operations.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * Contact follow-up task routes (docs/product.md §6.5, §12.3), declared in
 * `src/shared/api/tasks.ts`; mounted behind `requireAdmin`.
 */
export async function adminTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serveEndpoint(r, api.listContactTasks),
    handler: async (request) => listTasks(app.db, request.query),
  });

  r.route({
    ...serveEndpoint(r, api.createContactTask),
    handler: async (request, reply) => reply.code(201).send(await createContactTask(app.db, request.body)),
  });

  r.route({
    ...serveEndpoint(r, api.completeContactTask),
    handler: async (request) => completeContactTask(app.db, request.params.taskId),
  });

  r.route({
    ...serveEndpoint(r, api.editContactTask),
    handler: async (request) => editContactTask(app.db, request.params.taskId, request.body),
  });

  r.route({
    ...serveEndpoint(r, api.deleteContactTask),
    handler: async (request, reply) => {
      await deleteContactTask(app.db, request.params.taskId);
      return reply.code(204).send();
    },
  });
}
