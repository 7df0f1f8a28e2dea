import { QueryClient } from '@tanstack/react-query';

/**
 * Creates the admin SPA's query client with the spec's data rules (§9): reads never go stale by
 * time, never refetch on window focus, never poll and are not retried; writes are not retried.
 * Every query brings its own `queryFn` (`callApi`, src/web/lib/api-client.ts): there is no default.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
