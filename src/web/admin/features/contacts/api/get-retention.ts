import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactRetention } from '@/shared/contacts';
import { callApi } from '@/web/lib/api-client';
import { CONTACTS_URL } from './get-contacts';

/** GET /api/admin/contacts/retention: RETENTION_MONTHS and the contacts it erases in 30 days. */
export async function getRetention(): Promise<ContactRetention> {
  return callApi('getContactRetention');
}

/** Under the contact lists' key, so any contact change refreshes it. */
export function getRetentionQueryOptions() {
  return queryOptions({ queryKey: [CONTACTS_URL, 'retention'] as const, queryFn: getRetention });
}

/** The retention setting and the contacts it erases soon, as a query. */
export function useRetention() {
  return useQuery(getRetentionQueryOptions());
}
