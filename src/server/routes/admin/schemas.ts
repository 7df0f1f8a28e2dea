import { z } from 'zod';
import { contactStatuses } from '../../../shared/contacts.ts';
import { MAX_ID } from '../../../shared/ids.ts';
import { taskPriorities } from '../../../shared/tasks.ts';

/**
 * Response schemas of the admin API (one per shape). Fastify serializes through them, so a field
 * that is not declared here never leaves the server.
 */

export const errorSchema = z.object({ error: z.string(), details: z.unknown().optional() });

/**
 * A positive integer path parameter up to `MAX_ID` (past it the database refuses the number,
 * issue #10 §6); anything else is a 400 naming the parameter.
 */
const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int()
    .positive(`${name} must be a positive integer`)
    .max(MAX_ID, `${name} must be at most ${MAX_ID}`);
export const idParams = z.object({ id: positiveId('id') });
export const taskIdParams = z.object({ taskId: positiveId('taskId') });
export const clientIdParams = z.object({ clientId: positiveId('clientId') });
export const contactTagParams = z.object({ id: positiveId('id'), tagId: positiveId('tagId') });

/** The (empty) answer of a successful DELETE or assignment. */
export const noContent = z.void();

export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  status: z.enum(contactStatuses),
  notes: z.string().nullable(),
  preferTextAndCall: z.boolean(),
  unsubscribed: z.boolean(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});

export const tagSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

export const contactTaskSchema = z.object({
  id: z.number().int(),
  contactId: z.number().int(),
  contactName: z.string().optional(),
  title: z.string(),
  description: z.string().nullable(),
  priority: z.enum(taskPriorities),
  status: z.enum(['pending', 'completed']),
  dueAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const contactMessageSchema = z.object({
  id: z.number().int(),
  contactId: z.number().int(),
  sender: z.enum(['contact', 'admin']),
  subject: z.string().nullable(),
  content: z.string(),
  campaignName: z.string().nullable(),
  sentAt: z.string(),
});

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  notes: z.string().nullable(),
  fromContactId: z.number().int().nullable(),
  createdAt: z.string(),
});

export const clientTaskSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(['done', 'working']),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const analyticsSchema = z.object({
  totalVisits: z.number(),
  uniqueVisitors: z.number(),
  totalContacts: z.number(),
  newContacts: z.number(),
  pendingTasks: z.number(),
  overdueTasks: z.number(),
  daily: z.array(
    z.object({ date: z.string(), visits: z.number(), uniqueVisitors: z.number(), contacts: z.number() }),
  ),
});
