import type { contactTasks } from '../../db/schema/index.ts';
import type { ContactTask } from '../../shared/tasks.ts';

/** Maps a `contact_tasks` row to the API shape; `contactName` when the query joined it. */
export function toContactTask(row: typeof contactTasks.$inferSelect, contactName?: string): ContactTask {
  return {
    id: row.id,
    contactId: row.contactId,
    ...(contactName === undefined ? {} : { contactName }),
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    dueAt: row.dueAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
