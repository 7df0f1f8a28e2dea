import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Today } from '@/shared/pipeline';
import { callApi, urlOf } from '@/web/lib/api-client';

/** 'Needs you today' (GET /api/admin/today, decision 063). */
export async function getToday(): Promise<Today> {
  return callApi('getToday');
}

/** Query options of 'Needs you today'; refreshed every minute so ages and colours move on. */
export function getTodayQueryOptions() {
  return queryOptions({
    queryKey: [urlOf('getToday')] as const,
    queryFn: getToday,
    refetchInterval: 60_000,
  });
}

/** 'Needs you today' as a query. */
export function useToday() {
  return useQuery(getTodayQueryOptions());
}
