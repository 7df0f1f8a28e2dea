import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactStatusUpdate } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getContactQueryOptions } from './get-contact';
import { getContactsQueryOptions } from './get-contacts';

/**
 * Sets a contact's status to any value (docs/product.md §6.3, §12.3 `POST …/{id}/status`); `lost`
 * with its `lostReason` (decision 063).
 */
export async function updateContactStatus({
  contactId,
  ...body
}: { contactId: number } & ContactStatusUpdate): Promise<Contact> {
  return callApi('updateContactStatus', { params: { id: contactId }, body });
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
