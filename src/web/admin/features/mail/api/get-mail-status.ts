import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailStatus } from '@/shared/mail';
import { apiRequest } from '@/web/lib/api';

/**
 * Path of the mail connection status (docs/product.md §12.2 `GET /api/auth/google/status`); also its query
 * key.
 */
export const MAIL_STATUS_URL = '/api/auth/google/status';

/** Where connecting starts: the popup opens this (docs/product.md §12.2; the server redirects to Google). */
export const GMAIL_CONNECT_URL = '/api/auth/google';

/** Fetches the mail connection status. */
export async function getMailStatus(): Promise<MailStatus> {
  const res = await apiRequest('GET', MAIL_STATUS_URL);
  return (await res.json()) as MailStatus;
}

/** Query options of the mail status; the key is `[MAIL_STATUS_URL]`. */
export function getMailStatusQueryOptions() {
  return queryOptions({ queryKey: [MAIL_STATUS_URL] as const, queryFn: getMailStatus });
}

/**
 * The mail status as a query. `pollMs` refetches it at that interval (docs/product.md §14.1: every 2 s while
 * the admin completes the popup); `false` stops.
 */
export function useMailStatus({ pollMs = false }: { pollMs?: number | false } = {}) {
  return useQuery({ ...getMailStatusQueryOptions(), refetchInterval: pollMs });
}
