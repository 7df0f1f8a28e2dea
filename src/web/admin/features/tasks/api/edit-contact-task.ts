import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactTask, ContactTaskEdit } from '@/shared/tasks';
import { callApi } from '@/web/lib/api-client';
import { contactQueryKey } from '../../../query-keys';
import { getTasksQueryOptions } from './get-tasks';

/**
 * Replaces a follow-up task's title, description, priority and due date (`PUT /api/admin/tasks/{taskId}`).
 * @throws Error `"404: …"` when the task is gone, `"400: …"` for a blank title.
 */
export async function editContactTask({
  task,
  edit,
}: {
  task: Pick<ContactTask, 'id' | 'contactId'>;
  edit: ContactTaskEdit;
}): Promise<ContactTask> {
  return callApi('editContactTask', { params: { taskId: task.id }, body: edit });
}

/** Task editing as a mutation; refreshes the contact and the task list (the dashboard's). */
export function useEditContactTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editContactTask,
    onSuccess: (_task, { task }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactQueryKey(task.contactId) }),
        queryClient.invalidateQueries({ queryKey: getTasksQueryOptions().queryKey }),
      ]),
  });
}
