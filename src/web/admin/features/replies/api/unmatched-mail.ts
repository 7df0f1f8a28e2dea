import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';
import { CONTACTS_URL } from '../../../query-keys';
import { REPLIES_URL, REPLY_POLL_MS } from './replies';

/** Path of 'Unmatched mail' (GET /api/admin/unmatched-mail, docs/decisions/033); also its query key. */
export const UNMATCHED_MAIL_URL = urlOf('listUnmatchedMail');

/** The waiting messages, refreshed every {@link REPLY_POLL_MS} like 'New replies'. */
export function useUnmatchedMail() {
  return useQuery({
    queryKey: [UNMATCHED_MAIL_URL] as const,
    queryFn: () => callApi('listUnmatchedMail'),
    refetchInterval: REPLY_POLL_MS,
  });
}

/** 'Attach to contact': moves message `id` into the thread of contact `contactId`. */
export function useAttachUnmatchedMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contactId }: { id: number; contactId: number }) =>
      callApi('attachUnmatchedMail', { params: { id }, body: { contactId } }),
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
    mutationFn: (id: number) => callApi('discardUnmatchedMail', { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [UNMATCHED_MAIL_URL] }),
  });
}
