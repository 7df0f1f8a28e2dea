import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactTask, TaskListQuery } from '@/shared/tasks';
import { callApi } from '@/web/lib/api-client';
import { TASKS_URL } from '../../../query-keys';

export { TASKS_URL };

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
