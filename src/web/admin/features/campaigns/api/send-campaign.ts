import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CampaignSendResult, campaignSendSchema } from '@/shared/campaigns';
import { callApi } from '@/web/lib/api-client';
import { getMailUsageQueryOptions } from '../../mail';
import { getCampaignsQueryOptions } from './get-campaigns';

/**
 * Sends a campaign to the chosen contacts (docs/product.md §12.3 `POST /api/admin/campaigns/{id}/send`):
 * hand-picked ids, an audience filter, a draft's kept recipients (decision 029).
 * Contacts already sent this campaign are never sent again; unsubscribed ones are skipped.
 * @returns The counts; `pending > 0` means the server answered 202 and carries on in the
 *   background (a large batch, or the daily cap).
 * @throws Error `"400: …"` without recipients, `"404: …"` for a missing campaign.
 */
export async function sendCampaign({
  id,
  ...choice
}: { id: number } & z.input<typeof campaignSendSchema>): Promise<CampaignSendResult> {
  return callApi('sendCampaign', { params: { id }, body: choice });
}

/** Sending as a mutation; refreshes the list, the campaign's details and the daily-cap counter. */
export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCampaign,
    onSettled: () =>
      Promise.all([
        // The list key is a prefix of every campaign's details key: both refresh.
        queryClient.invalidateQueries({ queryKey: getCampaignsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getMailUsageQueryOptions().queryKey }),
      ]),
  });
}
