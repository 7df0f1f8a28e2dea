import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactUpdate } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getContactQueryOptions } from './get-contact';
import { CONTACTS_URL } from './get-contacts';

/**
 * Changes a contact's fields (`PATCH /api/admin/contacts/{id}`: name, email, phone, company; keys
 * left out stay).
 * @throws Error `"409: {\"error\":…,\"id\":n}"` when another contact has the new address (read it
 * with `existingContactId`), `"400: …"` for invalid fields, `"404: …"` when the contact is gone.
 */
export async function updateContact({
  contactId,
  changes,
}: {
  contactId: number;
  changes: ContactUpdate;
}): Promise<Contact> {
  return callApi('updateContact', { params: { id: contactId }, body: changes });
}

/** Edit as a mutation; refreshes the contact, every contact list and the dashboard. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (_contact, { contactId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getContactQueryOptions(contactId).queryKey }),
        queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
