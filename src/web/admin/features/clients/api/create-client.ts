import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientCreate } from '@/shared/clients';
import { callApi } from '@/web/lib/api-client';
import { getClientsQueryOptions } from './get-clients';

/**
 * Adds a client by hand (docs/product.md §12.3 `POST /api/admin/clients`).
 * @throws Error `"400: {\"error\":\"Please enter a client name.\"}"` for a blank name.
 */
export async function createClient(client: ClientCreate): Promise<Client> {
  return callApi('createClient', { body: client });
}

/** Client creation as a mutation; refreshes the client list. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getClientsQueryOptions().queryKey }),
  });
}
