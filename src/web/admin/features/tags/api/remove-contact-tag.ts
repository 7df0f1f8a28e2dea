import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/web/lib/api-client';
import { contactQueryKey } from '../../../query-keys';

/** Removes a tag from a contact (`DELETE /api/admin/contacts/{id}/tags/{tagId}`, 204) as a mutation; refreshes the contact. */
export function useRemoveContactTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, tagId }: { contactId: number; tagId: number }) =>
      callApi('untagContact', { params: { id: contactId, tagId } }),
    onSuccess: (_nothing, { contactId }) =>
      queryClient.invalidateQueries({ queryKey: contactQueryKey(contactId) }),
  });
}
