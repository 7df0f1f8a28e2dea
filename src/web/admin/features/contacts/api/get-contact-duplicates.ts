import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@/shared/contacts';
import { apiRequest } from '@/web/lib/api';
import { CONTACTS_URL } from './get-contacts';

/**
 * Fetches the other contacts with the same address as contact `contactId`, oldest first:
 * duplicates from before one contact per address was enforced (decision 019). Usually empty.
 * @throws Error `"404: …"` when there is no such contact.
 */
export async function getContactDuplicates(contactId: number): Promise<Contact[]> {
  const res = await apiRequest('GET', `${CONTACTS_URL}/${contactId}/duplicates`);
  return (await res.json()) as Contact[];
}

/** Query options of a contact's duplicates; the key is `['/api/admin/contacts/{id}/duplicates']`. */
export function getContactDuplicatesQueryOptions(contactId: number) {
  return queryOptions({
    queryKey: [`${CONTACTS_URL}/${contactId}/duplicates`] as const,
    queryFn: () => getContactDuplicates(contactId),
  });
}

/** A contact's duplicates as a query. */
export function useContactDuplicates(contactId: number) {
  return useQuery(getContactDuplicatesQueryOptions(contactId));
}
