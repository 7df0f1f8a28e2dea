import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '@/shared/clients';
import { callApi, urlOf } from '@/web/lib/api-client';

/** Path of the client list (docs/product.md §12.3 `GET /api/admin/clients`); also its query key. */
export const CLIENTS_URL = urlOf('listClients');

/** Fetches every client, newest first. */
export async function getClients(): Promise<Client[]> {
  return callApi('listClients');
}

/** Query options of the client list; the key is `[CLIENTS_URL]`. */
export function getClientsQueryOptions() {
  return queryOptions({ queryKey: [CLIENTS_URL] as const, queryFn: getClients });
}

/** Every client as a query. */
export function useClients() {
  return useQuery(getClientsQueryOptions());
}
