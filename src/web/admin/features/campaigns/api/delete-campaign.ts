import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api';
import { getCampaignDetailsQueryOptions } from './get-campaign-details';
import { CAMPAIGNS_URL, getCampaignsQueryOptions } from './get-campaigns';

/**
 * Deletes a campaign and its recipient log (spec §7 `DELETE /api/admin/campaigns/{id}`).
 * @throws Error `"409: …"` while it is sending, `"404: …"` when already gone.
 */
export async function deleteCampaign(id: number): Promise<void> {
  await apiRequest('DELETE', `${CAMPAIGNS_URL}/${id}`);
}

/** Deletion as a mutation; drops the campaign's details and refreshes the list. */
export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: getCampaignDetailsQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: getCampaignsQueryOptions().queryKey, exact: true });
    },
  });
}
