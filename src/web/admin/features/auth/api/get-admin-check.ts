import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCheck } from '@/shared/auth';
import { apiRequest } from '@/web/lib/api';

/** Path of the admin status check (docs/product.md §12.3 `GET /api/admin/check`); also its query key. */
export const ADMIN_CHECK_URL = '/api/admin/check';

/** Asks the server whether this browser holds an admin session and whether demo mode is on. */
export async function getAdminCheck(): Promise<AdminCheck> {
  const res = await apiRequest('GET', ADMIN_CHECK_URL);
  return (await res.json()) as AdminCheck;
}

/** Query options of the admin check; the key is `[ADMIN_CHECK_URL]`. */
export function getAdminCheckQueryOptions() {
  return queryOptions({ queryKey: [ADMIN_CHECK_URL], queryFn: getAdminCheck });
}

/**
 * The admin check as a query (cached for the page's life, docs/product.md §2.3; updated by login and logout).
 */
export function useAdminCheck() {
  return useQuery(getAdminCheckQueryOptions());
}
