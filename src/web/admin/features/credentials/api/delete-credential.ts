import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/web/lib/api-client';
import { CREDENTIALS_URL, getCredentialsQueryOptions, vaultHeaders } from './get-credentials';

/**
 * Deletes a credential (docs/product.md §12.3 `DELETE /api/admin/credentials/{id}`, 204).
 * @throws Error the vault errors of `getCredentials`.
 */
export async function deleteCredential({ id, password }: { id: number; password: string }): Promise<void> {
  await callApi('deleteCredential', { params: { id }, headers: vaultHeaders(password) });
}

/**
 * Credential deletion as a mutation; refreshes the list. The detail query forgets itself once
 * its screen is left (`gcTime: 0`), so nothing is removed here while it may still be shown.
 */
export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [CREDENTIALS_URL],
    gcTime: 0,
    mutationFn: deleteCredential,
    onSuccess: (_nothing, { password }) =>
      queryClient.invalidateQueries({ queryKey: getCredentialsQueryOptions(password).queryKey }),
  });
}
