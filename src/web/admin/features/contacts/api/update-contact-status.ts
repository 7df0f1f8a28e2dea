import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactStatus } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { getAnalyticsQueryOptions } from '../../analytics/api/get-analytics';
import { getContactQueryOptions } from './get-contact';
import { getContactsQueryOptions } from './get-contacts';

/** Sets a contact's status to any of the four values (docs/product.md §6.3, §12.3 `POST …/{id}/status`). */
export async function updateContactStatus({
  contactId,
  status,
}: {
  contactId: number;
  status: ContactStatus;
}): Promise<Contact> {
  return callApi('updateContactStatus', { params: { id: contactId }, body: { status } });
}

/** Status change as a mutation; refreshes the contact, the lists and the dashboard's counts. */
export function useUpdateContactStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactStatus,
    onSuccess: (_contact, { contactId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getContactQueryOptions(contactId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getContactsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
