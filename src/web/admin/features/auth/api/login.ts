import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCheck, LoginRequest } from '@/shared/auth';
import type { SecondFactorNeeded } from '@/shared/security';
import { callApi } from '@/web/lib/api-client';
import { getAdminCheckQueryOptions } from './get-admin-check';

/**
 * Signs the admin in (docs/product.md §12.3 `POST /api/admin/login`); the server sets the session cookie.
 * @returns the factors that may finish the sign-in when a second step is needed (no
 *   session yet), else null.
 * @throws Error `"401: {\"error\":\"Invalid credentials\"}"` and the like (docs/product.md §4.1).
 */
export async function login(credentials: LoginRequest): Promise<SecondFactorNeeded | null> {
  const body = await callApi('login', { body: credentials });
  return body.secondFactor ?? null;
}

/** Marks the cached admin check signed in (after the last sign-in step). */
export function useMarkSignedIn() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.setQueryData(getAdminCheckQueryOptions().queryKey, (previous: AdminCheck | undefined) => ({
      demoMode: previous?.demoMode ?? false,
      isAdmin: true,
    }));
}

/**
 * Login as a mutation; when it signed in (no second step), the cached admin check says
 * `isAdmin: true`.
 */
export function useLogin() {
  const markSignedIn = useMarkSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: (secondFactor) => {
      if (!secondFactor) markSignedIn();
    },
  });
}
