import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactTask } from '@/shared/tasks';
import { callApi } from '@/web/lib/api-client';
import { contactQueryKey } from '../../../query-keys';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getTasksQueryOptions } from './get-tasks';

/** Deletes a contact's follow-up task (`DELETE /api/admin/tasks/{id}`). @throws Error `"404: {…}"` when gone. */
export async function deleteContactTask(task: Pick<ContactTask, 'id' | 'contactId'>): Promise<void> {
  await callApi('deleteContactTask', { params: { taskId: task.id } });
}

/** Deletion as a mutation; refreshes the contact, the task list and the dashboard's counts. */
export function useDeleteContactTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactTask,
    onSuccess: (_none, { contactId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactQueryKey(contactId) }),
        queryClient.invalidateQueries({ queryKey: getTasksQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
