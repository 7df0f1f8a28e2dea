import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactTask } from '@/shared/tasks';
import { apiRequest } from '@/web/lib/api';

/** Path of the follow-up task list (spec §7 `GET /api/admin/tasks`); also its query key. */
export const TASKS_URL = '/api/admin/tasks';

/** Fetches every contact follow-up task with its contact's name, pending first by due date. */
export async function getTasks(): Promise<ContactTask[]> {
  const res = await apiRequest('GET', TASKS_URL);
  return (await res.json()) as ContactTask[];
}

/** Query options of the task list; the key is `[TASKS_URL]`. */
export function getTasksQueryOptions() {
  return queryOptions({ queryKey: [TASKS_URL] as const, queryFn: getTasks });
}

/** Every follow-up task as a query. */
export function useTasks() {
  return useQuery(getTasksQueryOptions());
}
