import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api';
import { getContactQueryOptions } from '../../contacts/api/get-contact';
import { CONTACTS_URL } from '../../contacts/api/get-contacts';

/**
 * Removes a tag from a contact (docs/product.md §12.3 `DELETE /api/admin/contacts/{id}/tags/{tagId}`, 204).
 */
export async function removeContactTag({ contactId, tagId }: { contactId: number; tagId: number }) {
  await apiRequest('DELETE', `${CONTACTS_URL}/${contactId}/tags/${tagId}`);
}

/** Tag removal as a mutation; refreshes the contact. */
export function useRemoveContactTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeContactTag,
    onSuccess: (_nothing, { contactId }) =>
      queryClient.invalidateQueries({ queryKey: getContactQueryOptions(contactId).queryKey }),
  });
}
