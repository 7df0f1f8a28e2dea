import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientTask } from '@/shared/clients';
import { apiRequest } from '@/web/lib/api';
import { CLIENTS_URL } from './get-clients';

/**
 * Fetches a client's follow-up tasks, oldest first (docs/product.md §12.3 `GET
 * /api/admin/clients/{id}/tasks`).
 */
export async function getClientTasks(clientId: number): Promise<ClientTask[]> {
  const res = await apiRequest('GET', `${CLIENTS_URL}/${clientId}/tasks`);
  return (await res.json()) as ClientTask[];
}

/** Query options of one client's tasks; the key is `['/api/admin/clients/{id}/tasks']`. */
export function getClientTasksQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: [`${CLIENTS_URL}/${clientId}/tasks`] as const,
    queryFn: () => getClientTasks(clientId),
  });
}

/** One client's tasks as a query. */
export function useClientTasks(clientId: number) {
  return useQuery(getClientTasksQueryOptions(clientId));
}
