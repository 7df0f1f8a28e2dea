import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { getContactQueryOptions } from './get-contact';
import { getContactsQueryOptions } from './get-contacts';

/**
 * Saves the admin's notes on a contact (docs/product.md §12.3 `PATCH /api/admin/contacts/{id}`); blank clears
 * them.
 */
export async function updateContactNotes({
  contactId,
  notes,
}: {
  contactId: number;
  notes: string | null;
}): Promise<Contact> {
  return callApi('updateContact', { params: { id: contactId }, body: { notes } });
}

/** Notes update as a mutation; refreshes the contact and the lists. */
export function useUpdateContactNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactNotes,
    onSuccess: (_contact, { contactId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getContactQueryOptions(contactId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getContactsQueryOptions().queryKey }),
      ]),
  });
}
