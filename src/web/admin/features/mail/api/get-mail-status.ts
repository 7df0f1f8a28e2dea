import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';

/** Where connecting starts: the popup opens this (docs/product.md §12.2; the server redirects to Google). */
export const GMAIL_CONNECT_URL = urlOf('connectGmail');

/** Query options of the mail connection status; the key is `['/api/auth/google/status']`. */
export function getMailStatusQueryOptions() {
  return queryOptions({
    queryKey: [urlOf('getMailStatus')] as const,
    queryFn: () => callApi('getMailStatus'),
  });
}

/**
 * The mail status as a query. `pollMs` refetches it at that interval (docs/product.md §14.1: every 2 s while
 * the admin completes the popup); `false` stops.
 */
export function useMailStatus({ pollMs = false }: { pollMs?: number | false } = {}) {
  return useQuery({ ...getMailStatusQueryOptions(), refetchInterval: pollMs });
}
