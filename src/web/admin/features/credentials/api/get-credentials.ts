import { queryOptions, useQuery } from '@tanstack/react-query';
import { VAULT_PASSWORD_HEADER } from '@/shared/credentials';
import { callApi, urlOf } from '@/web/lib/api-client';

/** Path of the credential list (docs/product.md §12.3 `GET /api/admin/credentials`); also its query key. */
export const CREDENTIALS_URL = urlOf('listCredentials');

/** The header every credentials call carries (docs/product.md §9.2, §12.3). */
export function vaultHeaders(password: string): Record<string, string> {
  return { [VAULT_PASSWORD_HEADER]: password };
}

/**
 * Whether a query key belongs to the vault (the list or one credential): used to forget every
 * decrypted value at once when the vault locks or the screens are left.
 */
export function isVaultQueryKey(queryKey: readonly unknown[]): boolean {
  const [path] = queryKey;
  return typeof path === 'string' && (path === CREDENTIALS_URL || path.startsWith(`${CREDENTIALS_URL}/`));
}

/**
 * Fetches every credential, decrypted.
 * @throws Error `"401: …"` without a password, `"403: {\"error\":\"Invalid password\"}"` for a
 *   wrong one, `"429: …"` after too many wrong ones (body says how long to wait), `"503: …"` while
 *   the vault is not set up.
 */
export function getCredentials(password: string) {
  return callApi('listCredentials', { headers: vaultHeaders(password) });
}

/**
 * Query options of the credential list. The key is `[CREDENTIALS_URL]` only: the password rides
 * in the query function's closure so it never sits in the cache's keys.
 */
export function getCredentialsQueryOptions(password: string) {
  return queryOptions({ queryKey: [CREDENTIALS_URL] as const, queryFn: () => getCredentials(password) });
}

/** Every credential as a query, read with the unlocked vault password. */
export function useCredentials(password: string) {
  return useQuery(getCredentialsQueryOptions(password));
}
