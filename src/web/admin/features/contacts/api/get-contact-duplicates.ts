import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@/shared/contacts';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * Fetches the other contacts with the same address as contact `contactId`, oldest first:
 * duplicates from before one contact per address was enforced (decision 019). Usually empty.
 * @throws Error `"404: …"` when there is no such contact.
 */
export async function getContactDuplicates(contactId: number): Promise<Contact[]> {
  return callApi('listContactDuplicates', { params: { id: contactId } });
}

/** Query options of a contact's duplicates; the key is `['/api/admin/contacts/{id}/duplicates']`. */
export function getContactDuplicatesQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: [urlOf('listContactDuplicates', { params: { id: contactId } })] as const,
    queryFn: () => getContactDuplicates(contactId),
  });
}

/** A contact's duplicates as a query. */
export function useContactDuplicates(contactId: number) {
  return useQuery(getContactDuplicatesQueryOptions(contactId));
}
