import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getContactQueryOptions } from './get-contact';
import { getContactsQueryOptions } from './get-contacts';

/**
 * 'Not spam' (`POST /api/admin/contacts/{id}/not-spam`, decision 037): the contact held as spam
 * becomes `new` and its new-lead notification is sent.
 * @throws Error `"409: …"` when it is not held as spam, `"404: …"` when it is gone.
 */
export async function markNotSpam(contactId: number): Promise<Contact> {
  return callApi('markContactNotSpam', { params: { id: contactId } });
}

/** 'Not spam' as a mutation; refreshes the contact, the lists (and their counts) and the dashboard. */
export function useMarkNotSpam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotSpam,
    onSuccess: (_contact, contactId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getContactQueryOptions(contactId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getContactsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
