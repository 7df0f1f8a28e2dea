import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientTask } from '@/shared/clients';
import { apiRequest } from '@/web/lib/api';
import { getClientTasksQueryOptions } from './get-client-tasks';
import { CLIENTS_URL } from './get-clients';

/** Deletes a client task (docs/product.md §12.3 `DELETE /api/admin/clients/tasks/{taskId}`, 204). */
export async function deleteClientTask(task: Pick<ClientTask, 'id' | 'clientId'>): Promise<void> {
  await apiRequest('DELETE', `${CLIENTS_URL}/tasks/${task.id}`);
}

/** Client-task deletion as a mutation; refreshes that client's tasks. */
export function useDeleteClientTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClientTask,
    onSuccess: (_nothing, task) =>
      queryClient.invalidateQueries({ queryKey: getClientTasksQueryOptions(task.clientId).queryKey }),
  });
}
