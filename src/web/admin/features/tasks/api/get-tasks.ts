import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactTask } from '@/shared/tasks';
import { apiRequest, queryKeyToUrl } from '@/web/lib/api';

/** Path of the follow-up task list (docs/product.md §12.3 `GET /api/admin/tasks`); also its query key. */
export const TASKS_URL = '/api/admin/tasks';

/** Filter and size of a task list (`GET /api/admin/tasks?status=…&limit=…`). */
export interface TasksQuery {
  status?: 'pending' | 'completed';
  limit?: number;
}

/** Fetches contact follow-up tasks with their contact's name, pending first by due date. */
export async function getTasks(query: TasksQuery = {}): Promise<ContactTask[]> {
  const res = await apiRequest('GET', queryKeyToUrl([TASKS_URL, { ...query }]));
  return (await res.json()) as ContactTask[];
}

/**
 * Query options of a task list; the key is `[TASKS_URL, query]`, so invalidating `[TASKS_URL]`
 * refreshes every task list.
 */
export function getTasksQueryOptions(query: TasksQuery = {}) {
  return queryOptions({ queryKey: [TASKS_URL, query] as const, queryFn: () => getTasks(query) });
}

/** A task list as a query (the dashboard asks for five pending ones). */
export function useTasks(query: TasksQuery = {}) {
  return useQuery(getTasksQueryOptions(query));
}
