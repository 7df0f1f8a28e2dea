import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailSignature } from '@/shared/email-body';
import { apiRequest } from '@/web/lib/api';

/** Path of the owner's signature (`GET`/`PUT /api/admin/mail/signature`); also its query key. */
export const MAIL_SIGNATURE_URL = '/api/admin/mail/signature';

/** Query options of the signature; the key is `[MAIL_SIGNATURE_URL]`. */
export function getMailSignatureQueryOptions() {
  return queryOptions({
    queryKey: [MAIL_SIGNATURE_URL] as const,
    queryFn: async () => (await (await apiRequest('GET', MAIL_SIGNATURE_URL)).json()) as MailSignature,
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
    mutationFn: async (signature: string) =>
      (await (await apiRequest('PUT', MAIL_SIGNATURE_URL, { signature })).json()) as MailSignature,
    onSuccess: (saved) => queryClient.setQueryData(getMailSignatureQueryOptions().queryKey, saved),
  });
}
