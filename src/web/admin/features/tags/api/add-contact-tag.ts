import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api';
import { getContactQueryOptions } from '../../contacts/api/get-contact';
import { CONTACTS_URL } from '../../contacts/api/get-contacts';

/** Assigns a tag to a contact (docs/product.md §12.3 `POST /api/admin/contacts/{id}/tags/{tagId}`, 204). */
export async function addContactTag({ contactId, tagId }: { contactId: number; tagId: number }) {
  await apiRequest('POST', `${CONTACTS_URL}/${contactId}/tags/${tagId}`);
}

/** Tag assignment as a mutation; refreshes the contact. */
export function useAddContactTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addContactTag,
    onSuccess: (_nothing, { contactId }) =>
      queryClient.invalidateQueries({ queryKey: getContactQueryOptions(contactId).queryKey }),
  });
}
