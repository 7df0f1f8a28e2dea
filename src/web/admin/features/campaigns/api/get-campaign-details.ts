import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignDetails } from '@/shared/campaigns';
import { callApi } from '@/web/lib/api-client';
import { CAMPAIGNS_URL } from './get-campaigns';

/** How often the details refresh while the campaign is sending (the progress bar reads them). */
const SENDING_REFRESH_MS = 2_000;

/**
 * Fetches a campaign with its counts and one page of its recipients (docs/product.md §12.3
 * `GET /api/admin/campaigns/{id}/details`; `cursor` is the previous page's
 * `recipientsNextCursor`).
 * @throws Error `"404: …"` when the campaign is gone.
 */
export async function getCampaignDetails(id: number, cursor?: string): Promise<CampaignDetails> {
  return callApi('getCampaignDetails', { params: { id }, query: { cursor } });
}

/**
 * Query options of one campaign's details; the key is `[CAMPAIGNS_URL, id, 'details']` rather than
 * the details URL, so that invalidating the list's key `[CAMPAIGNS_URL]` refreshes it too.
 */
export function getCampaignDetailsQueryOptions(id: number) {
  return queryOptions({
    queryKey: [CAMPAIGNS_URL, id, 'details'] as const,
    queryFn: () => getCampaignDetails(id),
  });
}

/** One campaign's details as a query, refreshed every 2 s while it is sending. */
export function useCampaignDetails(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    ...getCampaignDetailsQueryOptions(id),
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? SENDING_REFRESH_MS : false),
  });
}
