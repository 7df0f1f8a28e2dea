import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CredentialInput } from '@/shared/credentials';
import { callApi } from '@/web/lib/api-client';
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
}) {
  return callApi('updateCredential', { params: { id }, body: update, headers: vaultHeaders(password) });
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
