import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientTask, ClientTaskUpdate } from '@/shared/clients';
import { callApi } from '@/web/lib/api-client';
import { getClientTasksQueryOptions } from './get-client-tasks';

/**
 * The update that toggles a client task (docs/product.md §7.2): a done task goes back to working with
 * `completedAt` emptied; any other becomes done, completed now.
 */
export function toggledClientTask(task: Pick<ClientTask, 'status'>, now = new Date()): ClientTaskUpdate {
  return task.status === 'done'
    ? { status: 'working', completedAt: null }
    : { status: 'done', completedAt: now.toISOString() };
}

/**
 * Updates a client task (docs/product.md §12.3 `PATCH /api/admin/clients/tasks/{taskId}`: status,
 * completedAt).
 * @throws Error `"404: …"` when the task is gone.
 */
export async function updateClientTask({
  task,
  update,
}: {
  task: Pick<ClientTask, 'id' | 'clientId'>;
  update: ClientTaskUpdate;
}): Promise<ClientTask> {
  return callApi('updateClientTask', { params: { taskId: task.id }, body: update });
}

/** Client-task update as a mutation; refreshes that client's tasks. */
export function useUpdateClientTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientTask,
    onSuccess: (_task, { task }) =>
      queryClient.invalidateQueries({ queryKey: getClientTasksQueryOptions(task.clientId).queryKey }),
  });
}
