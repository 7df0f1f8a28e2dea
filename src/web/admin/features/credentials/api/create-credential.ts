import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CredentialCreate, CredentialInput } from '@/shared/credentials';
import { callApi } from '@/web/lib/api-client';
import { CREDENTIALS_URL, getCredentialsQueryOptions, vaultHeaders } from './get-credentials';

/**
 * The create payload without its empty optional fields (docs/product.md §9.1: they are omitted, not sent
 * as null).
 */
export function withoutEmptyFields({ companyName, ...optional }: CredentialInput): CredentialCreate {
  const given = Object.entries(optional).filter(([, value]) => value !== null && value !== '');
  return { companyName, ...Object.fromEntries(given) };
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
}) {
  return callApi('createCredential', {
    body: withoutEmptyFields(credential),
    headers: vaultHeaders(password),
  });
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
