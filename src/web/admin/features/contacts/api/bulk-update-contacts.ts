import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactBulk } from '@/shared/contact-bulk';
import { callApi } from '@/web/lib/api-client';
import { TASKS_URL } from '../../../query-keys';
import { getAnalyticsQueryOptions } from '../../analytics';
import { getClientsQueryOptions } from '../../clients';
import { CONTACTS_URL } from './get-contacts';

/**
 * Runs one bulk action on the contact list (`POST /api/admin/contacts/bulk`, docs/guide.md 'Bulk
 * actions'): `selection` is the ticked ids, or the list's filter less the unticked ids ('Select
 * all N matching', resolved by the server); `action` sets the status, adds or removes a tag, or
 * erases (docs/personal-data.md).
 * @returns `affected`: how many contacts changed (a status they already had does not count).
 * @throws Error `"400: {error}"` for a bad selection, `"404: {error}"` for an unknown tag.
 */
export async function bulkUpdateContacts(body: ContactBulk): Promise<{ affected: number }> {
  return callApi('bulkUpdateContacts', { body });
}

/**
 * The bulk action as a mutation. Every query under the contacts path refreshes (lists, counts and
 * any contact detail in the cache, whose key is `${CONTACTS_URL}/{id}`), with the tasks, clients
 * and dashboard figures a status change or an erasure moves.
 */
export function useBulkUpdateContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateContacts,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          predicate: (query) =>
            typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(CONTACTS_URL),
        }),
        queryClient.invalidateQueries({ queryKey: [TASKS_URL] }),
        queryClient.invalidateQueries({ queryKey: getClientsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getAnalyticsQueryOptions().queryKey }),
      ]),
  });
}
