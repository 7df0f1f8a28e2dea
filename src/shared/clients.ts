import { z } from 'zod';
import { isoDateTime } from './datetime.ts';

/** A client (spec §3 'Client'). */
export interface Client {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  notes: string | null;
  fromContactId: number | null;
  createdAt: string;
}

/** A client task (spec §3 'Client task'): status done or working. */
export interface ClientTask {
  id: number;
  clientId: number;
  title: string;
  description: string | null;
  status: 'done' | 'working';
  completedAt: string | null;
  createdAt: string;
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .optional()
    .nullable()
    .transform((v) => v || null);

/** POST /api/admin/clients (spec §5: name required, 'Please enter a client name.'). */
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

/** POST /api/admin/clients/{clientId}/tasks (spec §5: 'Please enter a task title.'). */
export const clientTaskCreateSchema = z.object({
  title: z
    .string({ error: 'Please enter a task title.' })
    .trim()
    .min(1, 'Please enter a task title.')
    .max(200, 'Task title must be at most 200 characters.'),
  description: optionalText(5000, 'Description'),
});
export type ClientTaskCreate = z.input<typeof clientTaskCreateSchema>;

/**
 * PATCH /api/admin/clients/tasks/{taskId} (spec §7: status, completedAt). Spec §4: working empties
 * completedAt; done keeps the given time, or now when none is given.
 */
export const clientTaskUpdateSchema = z.object({
  status: z.enum(['done', 'working'], { error: 'Status must be done or working.' }),
  completedAt: isoDateTime('completedAt').optional().nullable(),
});
export type ClientTaskUpdate = z.infer<typeof clientTaskUpdateSchema>;
