import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCheck } from '@/shared/auth';
import { callApi } from '@/web/lib/api-client';
import { getAdminCheckQueryOptions } from './get-admin-check';

/** Ends the admin session (docs/product.md §12.3 `POST /api/admin/logout`, no body). */
export async function logout(): Promise<void> {
  await callApi('logout');
}

/**
 * Logout as a mutation. On success the cached admin check says `isAdmin: false` and every other
 * cached admin read is dropped, so nothing private outlives the session in memory.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      const checkKey = getAdminCheckQueryOptions().queryKey;
      queryClient.setQueryData(checkKey, (previous: AdminCheck | undefined) => ({
        demoMode: previous?.demoMode ?? false,
        isAdmin: false,
      }));
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== checkKey[0] });
    },
  });
}
