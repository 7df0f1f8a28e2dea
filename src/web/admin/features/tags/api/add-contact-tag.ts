import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/web/lib/api-client';
import { contactQueryKey } from '../../../query-keys';

/** Tags a contact (`POST /api/admin/contacts/{id}/tags/{tagId}`, 204) as a mutation; refreshes the contact. */
export function useAddContactTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, tagId }: { contactId: number; tagId: number }) =>
      callApi('tagContact', { params: { id: contactId, tagId } }),
    onSuccess: (_nothing, { contactId }) =>
      queryClient.invalidateQueries({ queryKey: contactQueryKey(contactId) }),
  });
}
