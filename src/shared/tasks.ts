import { z } from 'zod';
import { isoDateTime } from './datetime.ts';
import { bodyId, rowId } from './ids.ts';

export const taskPriorities = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof taskPriorities)[number];

/** A follow-up task on a contact (docs/product.md §6.5: pending → completed, priority, due date). */
export const contactTaskSchema = z
  .object({
    id: rowId,
    contactId: rowId,
    /** The contact's name, for lists that show tasks of many contacts (dashboard). */
    contactName: z.string().optional().describe("The contact's name, in lists of many contacts' tasks."),
    title: z.string(),
    description: z.string().nullable(),
    priority: z.enum(taskPriorities),
    status: z.enum(['pending', 'completed']),
    dueAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ContactTask' });
export type ContactTask = z.infer<typeof contactTaskSchema>;

/** POST /api/admin/tasks (docs/product.md §12.3, §6.5 'Task title is required'). */
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

/**
 * PUT /api/admin/tasks/{taskId}: the Edit Task dialog sends every editable field again with Add
 * Task's rules (a blank description or due date clears it; no priority means medium). The
 * contact and the status stay as they are.
 */
export const contactTaskEditSchema = contactTaskCreateSchema.omit({ contactId: true });
export type ContactTaskEdit = z.input<typeof contactTaskEditSchema>;

/**
 * Query of GET /api/admin/tasks (decision 026): optional status and page size. Without `limit` the
 * answer stops at {@link TASK_LIST_MAX} tasks, never the whole table; the dashboard asks for
 * `status=pending&limit=5`.
 */
export const TASK_LIST_MAX = 200;
export const taskListQuerySchema = z.object({
  status: z.enum(['pending', 'completed'], { error: 'Status must be pending or completed.' }).optional(),
  limit: z.coerce.number().int().min(1).max(TASK_LIST_MAX).default(TASK_LIST_MAX),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
