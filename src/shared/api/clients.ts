import { z } from 'zod';
import {
  clientCreateSchema,
  clientSchema,
  clientTaskCreateSchema,
  clientTaskEditSchema,
  clientTaskSchema,
  clientTaskUpdateSchema,
  clientUpdateSchema,
} from '../clients.ts';
import { clientIdParams, idParams, taskIdParams } from '../ids.ts';
import { errors, noContent } from '../responses.ts';
import { clientRoutes as routes } from './clients-routes.ts';
import { endpoint } from './endpoint.ts';

/** The client and client-task endpoints (docs/product.md §7.1); admin session required. */
export const clientEndpoints = {
  listClients: endpoint(routes.listClients, {
    summary: 'Every client',
    response: { 200: z.array(clientSchema) },
  }),
  createClient: endpoint(routes.createClient, {
    summary: 'Add a client',
    body: clientCreateSchema,
    response: { 201: clientSchema },
  }),
  updateClient: endpoint(routes.updateClient, {
    summary: "Edit a client's name, email, phone, company and notes",
    params: idParams,
    body: clientUpdateSchema,
    response: { 200: clientSchema, ...errors({ 404: 'No such client.' }) },
  }),
  deleteClient: endpoint(routes.deleteClient, {
    summary: 'Delete a client and its tasks',
    params: idParams,
    response: { 204: noContent, ...errors({ 404: 'No such client.' }) },
  }),
  listClientTasks: endpoint(routes.listClientTasks, {
    summary: "A client's tasks",
    params: idParams,
    response: { 200: z.array(clientTaskSchema), ...errors({ 404: 'No such client.' }) },
  }),
  createClientTask: endpoint(routes.createClientTask, {
    summary: 'Add a task to a client',
    params: clientIdParams,
    body: clientTaskCreateSchema,
    response: { 201: clientTaskSchema, ...errors({ 404: 'No such client.' }) },
  }),
  updateClientTask: endpoint(routes.updateClientTask, {
    summary: 'Set a client task done or working',
    params: taskIdParams,
    body: clientTaskUpdateSchema,
    response: { 200: clientTaskSchema, ...errors({ 404: 'No such task.' }) },
  }),
  editClientTask: endpoint(routes.editClientTask, {
    summary: "Edit a client task's title, description and due date",
    params: taskIdParams,
    body: clientTaskEditSchema,
    response: { 200: clientTaskSchema, ...errors({ 404: 'No such task.' }) },
  }),
  deleteClientTask: endpoint(routes.deleteClientTask, {
    summary: 'Delete a client task',
    params: taskIdParams,
    response: { 204: noContent, ...errors({ 404: 'No such task.' }) },
  }),
};
