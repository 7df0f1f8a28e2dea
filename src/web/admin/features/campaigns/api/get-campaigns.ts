import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '@/shared/campaigns';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * Path of the campaign list (docs/product.md §12.3 `GET /api/admin/campaigns`); also the first
 * element of every campaign query key, so invalidating `[CAMPAIGNS_URL]` refreshes them all.
 */
export const CAMPAIGNS_URL = urlOf('listCampaigns');

/** How often the list refreshes while a campaign is sending (its card shows progress). */
const SENDING_REFRESH_MS = 2_000;

/** Fetches every campaign, newest first, with recipient counts. */
export async function getCampaigns(): Promise<Campaign[]> {
  return callApi('listCampaigns');
}

/** Query options of the campaign list; the key is `[CAMPAIGNS_URL]`. */
export function getCampaignsQueryOptions() {
  return queryOptions({ queryKey: [CAMPAIGNS_URL] as const, queryFn: getCampaigns });
}

/** Every campaign as a query; refetched every 2 s while one of them is sending. */
export function useCampaigns() {
  return useQuery({
    ...getCampaignsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.some((campaign) => campaign.status === 'sending') ? SENDING_REFRESH_MS : false,
  });
}
