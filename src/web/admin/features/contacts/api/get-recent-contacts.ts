import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTACTS_URL, getContacts } from './get-contacts';

/** How many contacts the dashboard lists (docs/product.md §5). */
export const RECENT_CONTACTS_LIMIT = 5;

/**
 * The {@link RECENT_CONTACTS_LIMIT} most recently active form leads, for the dashboard's 'Recent
 * Contacts' (imported and hand-added people are not leads the site brought: decision 058).
 */
export async function getRecentContacts() {
  return getContacts({ view: 'form' }, { limit: RECENT_CONTACTS_LIMIT });
}

/**
 * Query options of the recent contacts. The key `[CONTACTS_URL, { recent }]` sits under the
 * contact-list prefix, so invalidating `getContactsQueryOptions().queryKey` refreshes it too.
 */
export function getRecentContactsQueryOptions() {
  return queryOptions({
    queryKey: [CONTACTS_URL, { recent: RECENT_CONTACTS_LIMIT }] as const,
    queryFn: getRecentContacts,
  });
}

/** The dashboard's recent contacts as a query. */
export function useRecentContacts() {
  return useQuery(getRecentContactsQueryOptions());
}
