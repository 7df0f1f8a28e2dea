import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@/shared/tags';
import { apiRequest } from '@/web/lib/api';

/** Path of the tag list (docs/product.md §12.3 `GET /api/admin/tags`); also its query key. */
export const TAGS_URL = '/api/admin/tags';

/** Fetches every tag, by name. */
export async function getTags(): Promise<Tag[]> {
  const res = await apiRequest('GET', TAGS_URL);
  return (await res.json()) as Tag[];
}

/** Query options of the tag list; the key is `[TAGS_URL]`. */
export function getTagsQueryOptions() {
  return queryOptions({ queryKey: [TAGS_URL] as const, queryFn: getTags });
}

/** Every tag as a query. */
export function useTags() {
  return useQuery(getTagsQueryOptions());
}
