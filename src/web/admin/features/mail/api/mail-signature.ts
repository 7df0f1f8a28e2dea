import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';

/** Query options of the owner's signature; the key is `['/api/admin/mail/signature']`. */
export function getMailSignatureQueryOptions() {
  return queryOptions({
    queryKey: [urlOf('getMailSignature')] as const,
    queryFn: () => callApi('getMailSignature'),
  });
}

/** The signature appended to emails to contacts ('' when none). */
export function useMailSignature() {
  return useQuery(getMailSignatureQueryOptions());
}

/**
 * Saves the signature; the query then holds the saved value.
 * @throws Error `"400: {…}"` when it is longer than 2,000 characters.
 */
export function useUpdateMailSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signature: string) => callApi('setMailSignature', { body: { signature } }),
    onSuccess: (saved) => queryClient.setQueryData(getMailSignatureQueryOptions().queryKey, saved),
  });
}
