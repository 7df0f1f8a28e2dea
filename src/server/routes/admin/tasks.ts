import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactTaskCreateSchema } from '../../../shared/tasks.ts';
import { completeContactTask, createContactTask, listTasks } from '../../tasks/task-operations.ts';
import { contactTaskSchema, errorSchema, taskIdParams } from './schemas.ts';

/** Contact follow-up task routes (spec §7 tasks); mounted behind `requireAdmin`. */
export async function adminTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/tasks', { schema: { response: { 200: z.array(contactTaskSchema) } } }, async () =>
    listTasks(app.db),
  );

  r.post(
    '/tasks',
    { schema: { body: contactTaskCreateSchema, response: { 201: contactTaskSchema, '4xx': errorSchema } } },
    async (request, reply) => reply.code(201).send(await createContactTask(app.db, request.body)),
  );

  r.post(
    '/tasks/:taskId/complete',
    { schema: { params: taskIdParams, response: { 200: contactTaskSchema, '4xx': errorSchema } } },
    async (request) => completeContactTask(app.db, request.params.taskId),
  );
}
