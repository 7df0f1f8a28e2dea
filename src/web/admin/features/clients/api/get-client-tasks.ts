import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientTask } from '@/shared/clients';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * Fetches a client's follow-up tasks, oldest first (docs/product.md §12.3 `GET
 * /api/admin/clients/{id}/tasks`).
 * @throws Error `"404: …"` when the client is gone.
 */
export async function getClientTasks(clientId: number): Promise<ClientTask[]> {
  return callApi('listClientTasks', { params: { id: clientId } });
}

/** Query options of one client's tasks; the key is `['/api/admin/clients/{id}/tasks']`. */
export function getClientTasksQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: [urlOf('listClientTasks', { params: { id: clientId } })] as const,
    queryFn: () => getClientTasks(clientId),
  });
}

/** One client's tasks as a query. */
export function useClientTasks(clientId: number) {
  return useQuery(getClientTasksQueryOptions(clientId));
}
