import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactTask, TaskListQuery } from '@/shared/tasks';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * Path of the follow-up task list (docs/product.md §12.3 `GET /api/admin/tasks`); also the first
 * element of every task-list query key, so invalidating `[TASKS_URL]` refreshes them all.
 */
export const TASKS_URL = urlOf('listContactTasks');

/** Filter and size of a task list (`GET /api/admin/tasks?status=…&limit=…`); both optional. */
export type TasksQuery = Partial<TaskListQuery>;

/** Fetches contact follow-up tasks with their contact's name, pending first by due date. */
export async function getTasks(query: TasksQuery = {}): Promise<ContactTask[]> {
  return callApi('listContactTasks', { query });
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
