import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getClientsQueryOptions } from '../../clients';
import { getTasksQueryOptions } from '../../tasks';
import { getContactQueryOptions } from './get-contact';
import { getContactDuplicatesQueryOptions } from './get-contact-duplicates';
import { getContactMessagesQueryOptions } from './get-contact-messages';
import { getContactsQueryOptions } from './get-contacts';

/**
 * Merges contact `duplicateId` into contact `contactId` (`POST
 * /api/admin/contacts/{id}/merge`): messages, tags, notes, tasks, the client link and campaign
 * history move to the kept contact; the duplicate is deleted.
 * @throws Error `"409: …"` when the addresses differ, `"404: …"` when either contact is gone.
 */
export async function mergeContacts({
  contactId,
  duplicateId,
  anyAddress,
}: {
  contactId: number;
  duplicateId: number;
  /** Merge although the addresses differ (Edit found the new address on `contactId`; decision 058). */
  anyAddress?: boolean;
}): Promise<Contact> {
  return callApi('mergeContacts', {
    params: { id: contactId },
    body: anyAddress ? { duplicateId, anyAddress } : { duplicateId },
  });
}

/** Merge as a mutation; refreshes the kept contact, its thread and duplicates, the lists, clients and tasks. */
export function useMergeContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeContacts,
    onSuccess: (_contact, { contactId, duplicateId }) => {
      queryClient.removeQueries({ queryKey: getContactQueryOptions(duplicateId).queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getContactQueryOptions(contactId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getContactMessagesQueryOptions(contactId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getContactDuplicatesQueryOptions(contactId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getContactsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getClientsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getTasksQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]);
    },
  });
}
