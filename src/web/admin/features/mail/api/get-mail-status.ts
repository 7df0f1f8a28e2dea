import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api';

/** Path of the mail connection status (spec §7 `GET /api/auth/google/status`); also its query key. */
export const MAIL_STATUS_URL = '/api/auth/google/status';

/** Where connecting starts: the popup opens this (spec §7; the server redirects to Google). */
export const GMAIL_CONNECT_URL = '/api/auth/google';

/** The mail connection as the setup page shows it (spec §3 'connected, email' plus setup facts). */
export interface MailStatus {
  connected: boolean;
  /** The connected Workspace account. */
  email: string | null;
  /** Why the connection stopped working (a revoked grant), when it did. */
  reason: string | null;
  /** Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set on the server. */
  configured: boolean;
  /** The provider the next message goes through. */
  provider: 'outbox' | 'smtp' | 'gmail';
  /** The company info address every message is sent from. */
  from: string;
  /** The OAuth redirect URL to register with Google. */
  redirectUri: string;
  sentLast24h: number;
  dailyLimit: number;
}

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
 * The mail status as a query. `pollMs` refetches it at that interval (spec §9: every 2 s while
 * the admin completes the popup); `false` stops.
 */
export function useMailStatus({ pollMs = false }: { pollMs?: number | false } = {}) {
  return useQuery({ ...getMailStatusQueryOptions(), refetchInterval: pollMs });
}
