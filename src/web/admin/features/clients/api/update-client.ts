import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientCreate } from '@/shared/clients';
import { callApi } from '@/web/lib/api-client';
import { getClientsQueryOptions } from './get-clients';

/**
 * Saves a client's edited fields (`PATCH /api/admin/clients/{id}`, with the fields Add Client takes).
 * @throws Error `"400: {…}"` for a blank name or a bad email, `"404: {…}"` when it was deleted.
 */
export async function updateClient({ id, client }: { id: number; client: ClientCreate }): Promise<Client> {
  return callApi('updateClient', { params: { id }, body: client });
}

/** Client edit as a mutation; refreshes the client list. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getClientsQueryOptions().queryKey }),
  });
}
