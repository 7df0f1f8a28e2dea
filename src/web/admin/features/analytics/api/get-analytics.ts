import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Analytics } from '@/shared/analytics';
import { apiRequest } from '@/web/lib/api';

/** Path of the dashboard figures (docs/product.md §12.3 `GET /api/admin/analytics`); also its query key. */
export const ANALYTICS_URL = '/api/admin/analytics';

/** Fetches the dashboard's totals and the last 30 days, oldest first (decision 013). */
export async function getAnalytics(): Promise<Analytics> {
  const res = await apiRequest('GET', ANALYTICS_URL);
  return (await res.json()) as Analytics;
}

/** Query options of the analytics; the key is `[ANALYTICS_URL]`. */
export function getAnalyticsQueryOptions() {
  return queryOptions({ queryKey: [ANALYTICS_URL] as const, queryFn: getAnalytics });
}

/** The dashboard figures as a query. */
export function useAnalytics() {
  return useQuery(getAnalyticsQueryOptions());
}
