import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * Creates the admin SPA's query client with the spec's data rules (§9): reads never go stale by
 * time, never refetch on window focus, never poll and are not retried; writes are not retried.
 * The default `queryFn` GETs the URL built from the query key and fails on a 401.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
