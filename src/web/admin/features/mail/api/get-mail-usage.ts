import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';

/** Query options of the daily-cap counter (`GET /api/admin/mail-usage`); the key is its path. */
export function getMailUsageQueryOptions() {
  return queryOptions({ queryKey: [urlOf('getMailUsage')] as const, queryFn: () => callApi('getMailUsage') });
}

/** The daily-cap counter as a query; refreshed every 5 s while `live` (a campaign is sending). */
export function useMailUsage({ live = false }: { live?: boolean } = {}) {
  return useQuery({ ...getMailUsageQueryOptions(), refetchInterval: live ? 5_000 : false });
}
