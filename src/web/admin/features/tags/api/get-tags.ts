import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, urlOf } from '@/web/lib/api-client';

/** Query options of the tag list (by name); the key is `['/api/admin/tags']`. */
export function getTagsQueryOptions() {
  return queryOptions({
    queryKey: [urlOf('listTags')] as const,
    queryFn: () => callApi('listTags'),
  });
}

/** Every tag as a query. */
export function useTags() {
  return useQuery(getTagsQueryOptions());
}
