import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign, CampaignCreate } from '@/shared/campaigns';
import { callApi } from '@/web/lib/api-client';
import { getCampaignsQueryOptions } from './get-campaigns';

/**
 * Creates a draft campaign (docs/product.md §12.3 `POST /api/admin/campaigns`); `recipientIds` (and
 * `audience` minus `excludeIds`) are the contacts
 * ticked in the dialog, kept with the draft until it is sent.
 * @throws Error `"400: {\"error\":\"All fields are required\"}"` for a blank field.
 */
export async function createCampaign(campaign: CampaignCreate): Promise<Campaign> {
  return callApi('createCampaign', { body: campaign });
}

/** Campaign creation as a mutation; refreshes the campaign list. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCampaignsQueryOptions().queryKey }),
  });
}
