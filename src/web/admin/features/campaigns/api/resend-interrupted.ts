import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignResendInterrupted, CampaignSendResult } from '@/shared/campaigns';
import { callApi } from '@/web/lib/api-client';
import { getMailUsageQueryOptions } from '../../mail';
import { getCampaignsQueryOptions } from './get-campaigns';

/**
 * Resends a campaign to its interrupted recipients, each at most once
 * (`POST /api/admin/campaigns/{id}/resend-interrupted`, docs/decisions/044). `count` is the number
 * the confirmation named.
 * @returns The counts; `pending > 0` means the server answered 202 and carries on in the background.
 * @throws Error `"409: …"` when the number to resend is no longer `count`, `"404: …"` for a
 *   missing campaign.
 */
export async function resendInterrupted({
  id,
  count,
}: { id: number } & CampaignResendInterrupted): Promise<CampaignSendResult> {
  return callApi('resendCampaignInterrupted', { params: { id }, body: { count } });
}

/** The resend as a mutation; refreshes the list, the campaign's details and the daily-cap counter. */
export function useResendInterrupted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInterrupted,
    onSettled: () =>
      Promise.all([
        // The list key is a prefix of every campaign's details key: both refresh.
        queryClient.invalidateQueries({ queryKey: getCampaignsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: getMailUsageQueryOptions().queryKey }),
      ]),
  });
}
