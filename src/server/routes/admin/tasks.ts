import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { taskIdParams } from '../../../shared/ids.ts';
import { errors, noContent } from '../../../shared/responses.ts';
import {
  contactTaskCreateSchema,
  contactTaskEditSchema,
  contactTaskSchema,
  taskListQuerySchema,
} from '../../../shared/tasks.ts';
import {
  completeContactTask,
  createContactTask,
  deleteContactTask,
  editContactTask,
  listTasks,
} from '../../tasks/task-operations.ts';

/** Contact follow-up task routes (docs/product.md §6.5, §12.3); mounted behind `requireAdmin`. */
export async function adminTaskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tasks',
    {
      schema: {
        summary: "Contacts' follow-up tasks (pending first, oldest due first; at most 200 a call)",
        querystring: taskListQuerySchema,
        response: { 200: z.array(contactTaskSchema) },
      },
    },
    async (request) => listTasks(app.db, request.query),
  );

  r.post(
    '/tasks',
    {
      schema: {
        summary: 'Add a follow-up task to a contact',
        body: contactTaskCreateSchema,
        response: { 201: contactTaskSchema, ...errors({ 404: 'No such contact.' }) },
      },
    },
    async (request, reply) => reply.code(201).send(await createContactTask(app.db, request.body)),
  );

  r.post(
    '/tasks/:taskId/complete',
    {
      schema: {
        summary: 'Mark a task completed',
        params: taskIdParams,
        response: { 200: contactTaskSchema, ...errors({ 404: 'No such task.' }) },
      },
    },
    async (request) => completeContactTask(app.db, request.params.taskId),
  );

  r.put(
    '/tasks/:taskId',
    {
      schema: {
        summary: "Edit a follow-up task's title, description, priority and due date",
        params: taskIdParams,
        body: contactTaskEditSchema,
        response: { 200: contactTaskSchema, ...errors({ 404: 'No such task.' }) },
      },
    },
    async (request) => editContactTask(app.db, request.params.taskId, request.body),
  );

  r.delete(
    '/tasks/:taskId',
    {
      schema: {
        summary: "Delete a contact's follow-up task",
        params: taskIdParams,
        response: { 204: noContent, ...errors({ 404: 'No such task.' }) },
      },
    },
    async (request, reply) => {
      await deleteContactTask(app.db, request.params.taskId);
      return reply.code(204).send();
    },
  );
}
