import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '@/shared/campaigns';
import { callApi } from '@/web/lib/api-client';
import { getCampaignDetailsQueryOptions } from './get-campaign-details';
import { getCampaignsQueryOptions } from './get-campaigns';

/**
 * Deletes a campaign and its recipient log (docs/product.md §12.3 `DELETE /api/admin/campaigns/{id}`).
 * @throws Error `"409: …"` while it is sending, `"404: …"` when already gone.
 */
export async function deleteCampaign(id: number): Promise<void> {
  await callApi('deleteCampaign', { params: { id } });
}

/**
 * Deletion as a mutation: the campaign leaves the cached list at once (its card and open dialogs
 * unmount, so nothing refetches the deleted details), then the list is refreshed. Callers that
 * live inside the card use `mutateAsync`, whose promise settles even after they unmount.
 */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: (_result, id) => {
      const listKey = getCampaignsQueryOptions().queryKey;
      queryClient.setQueryData<Campaign[]>(listKey, (list) => list?.filter((campaign) => campaign.id !== id));
      queryClient.removeQueries({ queryKey: getCampaignDetailsQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    },
  });
}
