import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCheck, LoginRequest } from '@/shared/auth';
import { apiRequest } from '@/web/lib/api';
import { getAdminCheckQueryOptions } from './get-admin-check';

/**
 * Signs the admin in (spec §7 `POST /api/admin/login`); the server sets the session cookie.
 * @throws Error `"401: {\"error\":\"Invalid credentials\"}"` and the like (spec §8).
 */
export async function login(credentials: LoginRequest): Promise<void> {
  await apiRequest('POST', '/api/admin/login', credentials);
}

/** Login as a mutation; on success the cached admin check says `isAdmin: true`. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => {
      queryClient.setQueryData(getAdminCheckQueryOptions().queryKey, (previous: AdminCheck | undefined) => ({
        demoMode: previous?.demoMode ?? false,
        isAdmin: true,
      }));
    },
  });
}
