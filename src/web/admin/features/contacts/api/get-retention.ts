import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactRetention } from '@/shared/contacts';
import { apiRequest } from '@/web/lib/api';
import { CONTACTS_URL } from './get-contacts';

/** GET /api/admin/contacts/retention: RETENTION_MONTHS and the contacts it erases in 30 days. */
export async function getRetention(): Promise<ContactRetention> {
  const res = await apiRequest('GET', `${CONTACTS_URL}/retention`);
  return (await res.json()) as ContactRetention;
}

/** Under the contact lists' key, so any contact change refreshes it. */
export function getRetentionQueryOptions() {
  return queryOptions({ queryKey: [CONTACTS_URL, 'retention'] as const, queryFn: getRetention });
}

export function useRetention() {
  return useQuery(getRetentionQueryOptions());
}
