import { z } from 'zod';
import { taskIdParams } from '../ids.ts';
import { errors, noContent } from '../responses.ts';
import {
  contactTaskCreateSchema,
  contactTaskEditSchema,
  contactTaskSchema,
  taskListQuerySchema,
} from '../tasks.ts';
import { endpoint } from './endpoint.ts';
import { taskRoutes as routes } from './tasks-routes.ts';

/** The contact follow-up task endpoints (docs/product.md §6.5, §12.3); admin session required. */
export const taskEndpoints = {
  listContactTasks: endpoint(routes.listContactTasks, {
    summary: "Contacts' follow-up tasks (pending first, oldest due first; at most 200 a call)",
    querystring: taskListQuerySchema,
    response: { 200: z.array(contactTaskSchema) },
  }),
  createContactTask: endpoint(routes.createContactTask, {
    summary: 'Add a follow-up task to a contact',
    body: contactTaskCreateSchema,
    response: { 201: contactTaskSchema, ...errors({ 404: 'No such contact.' }) },
  }),
  completeContactTask: endpoint(routes.completeContactTask, {
    summary: 'Mark a task completed',
    params: taskIdParams,
    response: { 200: contactTaskSchema, ...errors({ 404: 'No such task.' }) },
  }),
  editContactTask: endpoint(routes.editContactTask, {
    summary: "Edit a follow-up task's title, description, priority and due date",
    params: taskIdParams,
    body: contactTaskEditSchema,
    response: { 200: contactTaskSchema, ...errors({ 404: 'No such task.' }) },
  }),
  deleteContactTask: endpoint(routes.deleteContactTask, {
    summary: "Delete a contact's follow-up task",
    params: taskIdParams,
    response: { 204: noContent, ...errors({ 404: 'No such task.' }) },
  }),
};
