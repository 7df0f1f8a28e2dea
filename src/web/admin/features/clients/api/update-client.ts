import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientCreate } from '@/shared/clients';
import { apiRequest } from '@/web/lib/api';
import { CLIENTS_URL, getClientsQueryOptions } from './get-clients';

/**
 * Saves a client's edited fields (`PATCH /api/admin/clients/{id}`, the same fields as Add Client).
 * @throws Error `"400: {…}"` for a blank name or a bad email, `"404: {…}"` when it was deleted.
 */
export async function updateClient({ id, client }: { id: number; client: ClientCreate }): Promise<Client> {
  const res = await apiRequest('PATCH', `${CLIENTS_URL}/${id}`, client);
  return (await res.json()) as Client;
}

/** Client edit as a mutation; refreshes the client list. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getClientsQueryOptions().queryKey }),
  });
}
