import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientTask } from '@/shared/clients';
import { callApi } from '@/web/lib/api-client';
import { getClientTasksQueryOptions } from './get-client-tasks';

/**
 * Deletes a client task (docs/product.md §12.3 `DELETE /api/admin/clients/tasks/{taskId}`, 204).
 * @throws Error `"404: …"` when it is already gone.
 */
export async function deleteClientTask(task: Pick<ClientTask, 'id' | 'clientId'>): Promise<void> {
  await callApi('deleteClientTask', { params: { taskId: task.id } });
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
