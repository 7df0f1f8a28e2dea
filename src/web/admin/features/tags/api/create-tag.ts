import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagCreate } from '@/shared/tags';
import { apiRequest } from '@/web/lib/api';
import { getTagsQueryOptions, TAGS_URL } from './get-tags';

/**
 * Creates a tag (docs/product.md §6.4: the spec shows no creation; `POST /api/admin/tags`).
 * @throws Error `"409: {\"error\":\"A tag named \\\"…\\\" already exists.\"}"` when the name is taken.
 */
export async function createTag(tag: TagCreate): Promise<Tag> {
  const res = await apiRequest('POST', TAGS_URL, tag);
  return (await res.json()) as Tag;
}

/** Tag creation as a mutation; refreshes the tag list. */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTagsQueryOptions().queryKey }),
  });
}
