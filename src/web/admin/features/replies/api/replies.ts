import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';
import { CONTACTS_URL } from '../../../query-keys';

/** Path of the dashboard's 'New replies' (GET /api/admin/replies); also its query key. */
export const REPLIES_URL = urlOf('getRecentReplies');

/**
 * How often open screens look for new replies (ms). Replies are fetched by the server in the
 * background; this only reads what it stored, so a reply shows up without a reload.
 */
export const REPLY_POLL_MS = 10_000;

/** Unread replies and the latest five, refreshed every {@link REPLY_POLL_MS}. */
export function useRecentReplies() {
  return useQuery(
    queryOptions({
      queryKey: [REPLIES_URL] as const,
      queryFn: () => callApi('getRecentReplies'),
      refetchInterval: REPLY_POLL_MS,
    }),
  );
}

/** The reply mailboxes' last checks, refreshed every {@link REPLY_POLL_MS}. */
export function useInboundStatus() {
  return useQuery({
    queryKey: [urlOf('getInboundStatus')] as const,
    queryFn: () => callApi('getInboundStatus'),
    refetchInterval: REPLY_POLL_MS,
  });
}

/**
 * Marks a contact's replies read (POST /api/admin/contacts/{id}/read); then the contacts list and
 * the dashboard's count are refreshed.
 */
export function useMarkContactRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => callApi('markContactRead', { params: { id: contactId } }),
    onSuccess: ({ marked }) => {
      if (marked === 0) return;
      void queryClient.invalidateQueries({ queryKey: [REPLIES_URL] });
      void queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] });
    },
  });
}
