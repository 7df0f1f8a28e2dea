import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignEdit } from '@/shared/campaigns';
import { callApi } from '@/web/lib/api-client';
import { getCampaignsQueryOptions } from './get-campaigns';

/**
 * Replaces a draft's name, subject and content (`PUT /api/admin/campaigns/{id}`).
 * @throws Error `"409: …"` once the campaign has started sending, `"400: …"` for a blank field.
 */
export async function editCampaign({ id, edit }: { id: number; edit: CampaignEdit }): Promise<Campaign> {
  return callApi('editCampaign', { params: { id }, body: edit });
}

/** Draft editing as a mutation; refreshes the campaign list. */
export function useEditCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCampaignsQueryOptions().queryKey }),
  });
}
