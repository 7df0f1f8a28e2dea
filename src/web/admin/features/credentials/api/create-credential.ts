import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credential, CredentialInput } from '@/shared/credentials';
import { apiRequest } from '@/web/lib/api';
import { CREDENTIALS_URL, getCredentialsQueryOptions, vaultHeaders } from './get-credentials';

/**
 * The create payload without its empty optional fields (docs/product.md §9.1: they are omitted, not sent
 * as null).
 */
export function withoutEmptyFields(input: CredentialInput): Partial<CredentialInput> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== ''));
}

/**
 * Stores a credential (docs/product.md §12.3 `POST /api/admin/credentials`, 201).
 * @throws Error `"400: …"` for a blank company name; the vault errors of `getCredentials`.
 */
export async function createCredential({
  credential,
  password,
}: {
  credential: CredentialInput;
  password: string;
}): Promise<Credential> {
  const res = await apiRequest(
    'POST',
    CREDENTIALS_URL,
    withoutEmptyFields(credential),
    vaultHeaders(password),
  );
  return (await res.json()) as Credential;
}

/**
 * Credential creation as a mutation; refreshes the list. `gcTime: 0` drops the finished
 * mutation (its secret payload) from the cache as soon as nothing watches it.
 */
export function useCreateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [CREDENTIALS_URL],
    gcTime: 0,
    mutationFn: createCredential,
    onSuccess: (_credential, { password }) =>
      queryClient.invalidateQueries({ queryKey: getCredentialsQueryOptions(password).queryKey }),
  });
}
