import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnmatchedMailList } from '@/shared/unmatched-mail';
import { apiRequest } from '@/web/lib/api';
import { CONTACTS_URL } from '../../contacts/api/get-contacts';
import { REPLIES_URL, REPLY_POLL_MS } from './replies';

/** Path of 'Unmatched mail' (GET /api/admin/unmatched-mail, docs/decisions/033); also its query key. */
export const UNMATCHED_MAIL_URL = '/api/admin/unmatched-mail';

/** The waiting messages, refreshed every {@link REPLY_POLL_MS} like 'New replies'. */
export function useUnmatchedMail() {
  return useQuery({
    queryKey: [UNMATCHED_MAIL_URL] as const,
    queryFn: async () => (await (await apiRequest('GET', UNMATCHED_MAIL_URL)).json()) as UnmatchedMailList,
    refetchInterval: REPLY_POLL_MS,
  });
}

/** 'Attach to contact': moves message `id` into the thread of contact `contactId`. */
export function useAttachUnmatchedMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, contactId }: { id: number; contactId: number }) =>
      (await (await apiRequest('POST', `${UNMATCHED_MAIL_URL}/${id}/attach`, { contactId })).json()) as {
        contactId: number;
        messageId: number;
      },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [UNMATCHED_MAIL_URL] });
      void queryClient.invalidateQueries({ queryKey: [REPLIES_URL] });
      void queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] });
    },
  });
}

/** 'Discard': deletes message `id` (it stays in the mailbox). */
export function useDiscardUnmatchedMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `${UNMATCHED_MAIL_URL}/${id}`);
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [UNMATCHED_MAIL_URL] }),
  });
}
