import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailUsage } from '@/shared/mail';
import { apiRequest } from '@/web/lib/api';

/** Path of the daily-cap counter (`GET /api/admin/mail-usage`); also its query key. */
export const MAIL_USAGE_URL = '/api/admin/mail-usage';

/** Fetches the daily-cap counter. */
export async function getMailUsage(): Promise<MailUsage> {
  const res = await apiRequest('GET', MAIL_USAGE_URL);
  return (await res.json()) as MailUsage;
}

/** Query options of the daily-cap counter; the key is `[MAIL_USAGE_URL]`. */
export function getMailUsageQueryOptions() {
  return queryOptions({ queryKey: [MAIL_USAGE_URL] as const, queryFn: getMailUsage });
}

/** The daily-cap counter as a query; refreshed every 5 s while `live` (a campaign is sending). */
export function useMailUsage({ live = false }: { live?: boolean } = {}) {
  return useQuery({ ...getMailUsageQueryOptions(), refetchInterval: live ? 5_000 : false });
}
