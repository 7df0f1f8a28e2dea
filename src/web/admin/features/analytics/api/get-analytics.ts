import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * Query options of the dashboard's totals and last 30 days, oldest first (decision 013); the key is
 * `['/api/admin/analytics']`.
 */
export function getAnalyticsQueryOptions() {
  return queryOptions({
    queryKey: [urlOf('getAnalytics')] as const,
    queryFn: () => callApi('getAnalytics'),
  });
}

/** The dashboard figures as a query. */
export function useAnalytics() {
  return useQuery(getAnalyticsQueryOptions());
}
