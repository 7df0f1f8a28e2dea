import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientTask, ClientTaskCreate } from '@/shared/clients';
import { callApi } from '@/web/lib/api-client';
import { getClientTasksQueryOptions } from './get-client-tasks';

/**
 * Adds a task (status working) to a client (docs/product.md §12.3 `POST
 * /api/admin/clients/{clientId}/tasks`).
 * @throws Error `"400: {\"error\":\"Please enter a task title.\"}"` for a blank title.
 */
export async function createClientTask({
  clientId,
  task,
}: {
  clientId: number;
  task: ClientTaskCreate;
}): Promise<ClientTask> {
  return callApi('createClientTask', { params: { clientId }, body: task });
}

/** Client-task creation as a mutation; refreshes that client's tasks. */
export function useCreateClientTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientTask,
    onSuccess: (_task, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: getClientTasksQueryOptions(clientId).queryKey }),
  });
}
