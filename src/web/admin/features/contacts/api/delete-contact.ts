import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/web/lib/api-client';
import { TASKS_URL } from '../../../query-keys';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getContactQueryOptions } from './get-contact';
import { CONTACTS_URL } from './get-contacts';

/**
 * Erases a contact (`DELETE /api/admin/contacts/{id}`, 204): the contact and everything about it
 * (docs/personal-data.md). @throws Error `"404: …"` when it is already gone.
 */
export async function deleteContact(id: number): Promise<void> {
  await callApi('deleteContact', { params: { id } });
}

/**
 * Erasure as a mutation: every contact list, the tasks and the dashboard figures refresh; the
 * erased contact's own query is dropped (its screen is left on success).
 */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: getContactQueryOptions(id).queryKey, exact: true });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
        queryClient.invalidateQueries({ queryKey: [TASKS_URL] }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]);
    },
  });
}
