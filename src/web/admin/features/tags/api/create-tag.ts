import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TagCreate } from '@/shared/tags';
import { callApi } from '@/web/lib/api-client';
import { getTagsQueryOptions } from './get-tags';

/**
 * Tag creation as a mutation (docs/product.md §6.4: the spec shows no creation); refreshes the tag
 * list. A taken name is refused with a 409 (`"409: {\"error\":\"A tag named \\\"…\\\" already exists.\"}"`).
 */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: TagCreate) => callApi('createTag', { body: tag }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTagsQueryOptions().queryKey }),
  });
}
