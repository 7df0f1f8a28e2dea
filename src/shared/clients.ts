import { z } from 'zod';
import { isoDateTime } from './datetime.ts';
import { rowId } from './ids.ts';

/** A client (docs/product.md §7.1). */
export const clientSchema = z
  .object({
    id: rowId,
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    notes: z.string().nullable(),
    fromContactId: rowId.nullable().describe('The contact it was converted from, if any.'),
    createdAt: z.string(),
  })
  .meta({ id: 'Client' });
export type Client = z.infer<typeof clientSchema>;

/** A client task (docs/product.md §7.2): status done or working. */
export const clientTaskSchema = z
  .object({
    id: rowId,
    clientId: rowId,
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(['done', 'working']),
    completedAt: z.string().nullable(),
    createdAt: z.string(),
    dueAt: z.string().nullable().describe('Optional due date: the instant that ends the chosen day.'),
  })
  .meta({ id: 'ClientTask' });
export type ClientTask = z.infer<typeof clientTaskSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .optional()
    .nullable()
    .transform((v) => v || null);

/** POST /api/admin/clients (docs/product.md §7.1: name required, 'Please enter a client name.'). */
export const clientCreateSchema = z.object({
  name: z
    .string({ error: 'Please enter a client name.' })
    .trim()
    .min(1, 'Please enter a client name.')
    .max(200, 'Name must be at most 200 characters.'),
  email: z
    .string()
    .trim()
    .max(254, 'Email must be at most 254 characters.')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid email address.')
    .optional()
    .nullable()
    .transform((v) => v || null),
  phone: optionalText(40, 'Phone'),
  company: optionalText(200, 'Company'),
  notes: optionalText(20_000, 'Notes'),
});
export type ClientCreate = z.input<typeof clientCreateSchema>;

/**
 * PATCH /api/admin/clients/{id}: the Edit Client dialog sends every field of 'Add Client' again,
 * with the same rules; a blank optional field clears it.
 */
export const clientUpdateSchema = clientCreateSchema;

/** POST /api/admin/clients/{clientId}/tasks (docs/product.md §7.2: 'Please enter a task title.'). */
export const clientTaskCreateSchema = z.object({
  title: z
    .string({ error: 'Please enter a task title.' })
    .trim()
    .min(1, 'Please enter a task title.')
    .max(200, 'Task title must be at most 200 characters.'),
  description: optionalText(5000, 'Description'),
  /** Optional, as contact tasks take it: an instant, the end of the chosen local day. */
  dueAt: isoDateTime('Due date')
    .optional()
    .nullable()
    .transform((v) => (v ? new Date(v) : null)),
});
export type ClientTaskCreate = z.input<typeof clientTaskCreateSchema>;

/**
 * PUT /api/admin/clients/tasks/{taskId}: the Edit Task dialog sends title, description and due
 * date again with Add Task's rules (a blank optional field clears it); the status stays.
 */
export const clientTaskEditSchema = clientTaskCreateSchema;
export type ClientTaskEdit = z.input<typeof clientTaskEditSchema>;

/**
 * PATCH /api/admin/clients/tasks/{taskId} (docs/product.md §12.3: status, completedAt). docs/product.md §7.2:
 * working empties completedAt; done keeps the given time, or now when none is given.
 */
export const clientTaskUpdateSchema = z.object({
  status: z.enum(['done', 'working'], { error: 'Status must be done or working.' }),
  completedAt: isoDateTime('completedAt').optional().nullable(),
});
export type ClientTaskUpdate = z.infer<typeof clientTaskUpdateSchema>;
