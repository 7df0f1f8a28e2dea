import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/web/lib/api-client';
import { getClientTasksQueryOptions } from './get-client-tasks';
import { getClientsQueryOptions } from './get-clients';

/**
 * Deletes a client and its tasks (docs/product.md §12.3 `DELETE /api/admin/clients/{id}`, 204).
 * @throws Error `"404: …"` when it is already gone.
 */
export async function deleteClient(clientId: number): Promise<void> {
  await callApi('deleteClient', { params: { id: clientId } });
}

/** Client deletion as a mutation; refreshes the list and forgets the client's tasks. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: async (_nothing, clientId) => {
      await queryClient.invalidateQueries({ queryKey: getClientsQueryOptions().queryKey });
      queryClient.removeQueries({ queryKey: getClientTasksQueryOptions(clientId).queryKey });
    },
  });
}
