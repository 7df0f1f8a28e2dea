import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientTask, ClientTaskEdit } from '@/shared/clients';
import { callApi } from '@/web/lib/api-client';
import { getClientTasksQueryOptions } from './get-client-tasks';

/**
 * Replaces a client task's title, description and due date (`PUT /api/admin/clients/tasks/{taskId}`).
 * @throws Error `"404: …"` when the task is gone, `"400: …"` for a blank title.
 */
export async function editClientTask({
  task,
  edit,
}: {
  task: Pick<ClientTask, 'id' | 'clientId'>;
  edit: ClientTaskEdit;
}): Promise<ClientTask> {
  return callApi('editClientTask', { params: { taskId: task.id }, body: edit });
}

/** Client-task editing as a mutation; refreshes that client's tasks. */
export function useEditClientTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editClientTask,
    onSuccess: (_task, { task }) =>
      queryClient.invalidateQueries({ queryKey: getClientTasksQueryOptions(task.clientId).queryKey }),
  });
}
