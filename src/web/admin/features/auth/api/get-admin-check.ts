import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * Query options of the admin check (docs/product.md §12.3 `GET /api/admin/check`: whether this browser
 * holds an admin session, and whether demo mode is on); the key is `['/api/admin/check']`.
 */
export function getAdminCheckQueryOptions() {
  return queryOptions({ queryKey: [urlOf('getAdminCheck')], queryFn: () => callApi('getAdminCheck') });
}

/**
 * The admin check as a query (cached for the page's life, docs/product.md §2.3; updated by login and logout).
 */
export function useAdminCheck() {
  return useQuery(getAdminCheckQueryOptions());
}
