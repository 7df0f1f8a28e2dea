import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactStatus } from '@/shared/contacts';
import { apiRequest } from '@/web/lib/api';
import { getAnalyticsQueryOptions } from '../../analytics/api/get-analytics';
import { getContactQueryOptions } from './get-contact';
import { CONTACTS_URL, getContactsQueryOptions } from './get-contacts';

/** Sets a contact's status to any of the four values (docs/product.md §6.3, §12.3 `POST …/{id}/status`). */
export async function updateContactStatus({
  contactId,
  status,
}: {
  contactId: number;
  status: ContactStatus;
}): Promise<Contact> {
  const res = await apiRequest('POST', `${CONTACTS_URL}/${contactId}/status`, { status });
  return (await res.json()) as Contact;
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
