import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactTask } from '@/shared/tasks';
import { callApi } from '@/web/lib/api-client';
import { contactQueryKey } from '../../../query-keys';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getTasksQueryOptions } from './get-tasks';

/**
 * Marks a follow-up task completed, a terminal state (docs/product.md §6.5, §12.3 `POST
 * /api/admin/tasks/{id}/complete`).
 * @throws Error `"404: …"` when the task is gone.
 */
export async function completeContactTask(task: Pick<ContactTask, 'id' | 'contactId'>): Promise<ContactTask> {
  return callApi('completeContactTask', { params: { taskId: task.id } });
}

/** Completion as a mutation; refreshes the contact, the task list and the dashboard's counts. */
export function useCompleteContactTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeContactTask,
    onSuccess: (_task, { contactId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactQueryKey(contactId) }),
        queryClient.invalidateQueries({ queryKey: getTasksQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
