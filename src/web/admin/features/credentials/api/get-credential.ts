import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';
import { vaultHeaders } from './get-credentials';

/**
 * Fetches one credential, decrypted (docs/product.md §12.3 `GET /api/admin/credentials/{id}`).
 * @throws Error `"404: {\"error\":…}"` when there is no such credential; the vault errors of
 *   {@link getCredentials} otherwise.
 */
export function getCredential(id: number, password: string) {
  return callApi('getCredential', { params: { id }, headers: vaultHeaders(password) });
}

/**
 * Query options of one credential; the key is `['/api/admin/credentials/{id}']` (no password).
 * `gcTime: 0` forgets the decrypted values as soon as the detail screen is left, so a deleted
 * credential is never shown again from the cache.
 */
export function getCredentialQueryOptions(id: number, password: string) {
  return queryOptions({
    queryKey: [urlOf('getCredential', { params: { id } })] as const,
    queryFn: () => getCredential(id, password),
    gcTime: 0,
  });
}

/** One credential as a query, read with the unlocked vault password. */
export function useCredential(id: number, password: string) {
  return useQuery(getCredentialQueryOptions(id, password));
}
