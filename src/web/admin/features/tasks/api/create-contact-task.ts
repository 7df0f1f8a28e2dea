import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactTask, ContactTaskCreate } from '@/shared/tasks';
import { callApi } from '@/web/lib/api-client';
import { contactQueryKey } from '../../../query-keys';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getTasksQueryOptions } from './get-tasks';

/**
 * Adds a follow-up task to a contact (docs/product.md §12.3 `POST /api/admin/tasks`).
 * @param task.dueAt ISO 8601 date and time, or omitted.
 * @throws Error `"400: {\"error\":\"Task title is required\"}"` for a blank title.
 */
export async function createContactTask(task: ContactTaskCreate): Promise<ContactTask> {
  return callApi('createContactTask', { body: task });
}

/** Task creation as a mutation; refreshes the contact, the task list and the dashboard's counts. */
export function useCreateContactTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContactTask,
    onSuccess: (_task, { contactId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactQueryKey(contactId) }),
        queryClient.invalidateQueries({ queryKey: getTasksQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
