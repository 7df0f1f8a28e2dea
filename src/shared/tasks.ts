import { z } from 'zod';
import { isoDateTime } from './datetime.ts';
import { bodyId } from './ids.ts';

export const taskPriorities = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof taskPriorities)[number];

/** A follow-up task on a contact (spec §3; DESIGN §3: pending → completed, priority, due date). */
export interface ContactTask {
  id: number;
  contactId: number;
  /** The contact's name, for lists that show tasks of many contacts (dashboard). */
  contactName?: string;
  title: string;
  description: string | null;
  priority: TaskPriority;
  status: 'pending' | 'completed';
  dueAt: string | null;
  completedAt: string | null;
  createdAt: string;
}

/** POST /api/admin/tasks (spec §7, §5 'Task title is required'). */
export const contactTaskCreateSchema = z.object({
  contactId: bodyId('contactId', 'contactId is required'),
  title: z
    .string({ error: 'Task title is required' })
    .trim()
    .min(1, 'Task title is required')
    .max(200, 'Task title must be at most 200 characters.'),
  description: z
    .string()
    .trim()
    .max(5000, 'Description must be at most 5,000 characters.')
    .optional()
    .nullable()
    .transform((v) => v || null),
  priority: z.enum(taskPriorities, { error: 'Priority must be low, medium or high.' }).default('medium'),
  dueAt: isoDateTime('Due date')
    .optional()
    .nullable()
    .transform((v) => (v ? new Date(v) : null)),
});
export type ContactTaskCreate = z.input<typeof contactTaskCreateSchema>;
