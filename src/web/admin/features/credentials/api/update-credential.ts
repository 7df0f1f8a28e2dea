import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credential, CredentialInput } from '@/shared/credentials';
import { apiRequest } from '@/web/lib/api';
import { getCredentialQueryOptions } from './get-credential';
import { CREDENTIALS_URL, getCredentialsQueryOptions, vaultHeaders } from './get-credentials';

/**
 * Updates a credential (docs/product.md §12.3 `PATCH /api/admin/credentials/{id}`): absent fields are kept,
 * `null` clears one. The screens send every field, so a field emptied in the form is cleared.
 * @throws Error `"404: …"` when the credential is gone; the vault errors of `getCredentials`.
 */
export async function updateCredential({
  id,
  update,
  password,
}: {
  id: number;
  update: Partial<CredentialInput>;
  password: string;
}): Promise<Credential> {
  const res = await apiRequest('PATCH', `${CREDENTIALS_URL}/${id}`, update, vaultHeaders(password));
  return (await res.json()) as Credential;
}

/** Credential update as a mutation; refreshes the list and that credential's detail. */
export function useUpdateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [CREDENTIALS_URL],
    gcTime: 0,
    mutationFn: updateCredential,
    onSuccess: async (credential, { id, password }) => {
      const detailKey = getCredentialQueryOptions(id, password).queryKey;
      // Only a detail on screen is updated: creating the entry here would outlive the screen.
      if (queryClient.getQueryData(detailKey)) queryClient.setQueryData(detailKey, credential);
      await queryClient.invalidateQueries({ queryKey: getCredentialsQueryOptions(password).queryKey });
    },
  });
}
