import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactDetail } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { contactQueryKey } from '../../../query-keys';

/**
 * Fetches one contact with its tags and follow-up tasks (`GET /api/admin/contacts/{id}`,
 * docs/product.md §12.3).
 * @throws Error `"404: {\"error\":\"Contact not found\"}"` when there is no such contact.
 */
export async function getContact(id: number): Promise<ContactDetail> {
  return callApi('getContact', { params: { id } });
}

/** Query options of one contact; the key is `['/api/admin/contacts/{id}']`. */
export function getContactQueryOptions(id: number) {
  return queryOptions({
    queryKey: contactQueryKey(id),
    queryFn: () => getContact(id),
  });
}

/** One contact's detail as a query. */
export function useContact(id: number) {
  return useQuery(getContactQueryOptions(id));
}
