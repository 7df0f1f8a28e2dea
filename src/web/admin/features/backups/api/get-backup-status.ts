import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';

/** When the last backup was taken and whether the server takes daily ones, as a query. */
export function useBackupStatus() {
  return useQuery(
    queryOptions({
      queryKey: [urlOf('getBackupStatus')] as const,
      queryFn: () => callApi('getBackupStatus'),
    }),
  );
}
