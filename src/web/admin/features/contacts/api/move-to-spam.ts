import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getContactQueryOptions } from './get-contact';
import { getContactsQueryOptions } from './get-contacts';

/**
 * 'Move to spam' (`POST /api/admin/contacts/{id}/spam`, decision 057): the contact is held as spam
 * (out of the list, the counts and audiences) until 'Not spam'.
 * @throws Error `"409: …"` when it is already spam or converted, `"404: …"` when it is gone.
 */
export async function moveToSpam(contactId: number): Promise<Contact> {
  return callApi('moveContactToSpam', { params: { id: contactId } });
}

/** 'Move to spam' as a mutation; refreshes the contact, the lists (and their counts) and the dashboard. */
export function useMoveToSpam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveToSpam,
    onSuccess: (_contact, contactId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getContactQueryOptions(contactId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getContactsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
