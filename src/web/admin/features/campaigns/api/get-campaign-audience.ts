import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AudienceMember } from '@/shared/campaigns';
import { apiRequest } from '@/web/lib/api';
import { CAMPAIGNS_URL } from './get-campaigns';

/** Path of the recipient checklists' contact list (`GET /api/admin/campaigns/audience`). */
export const AUDIENCE_URL = `${CAMPAIGNS_URL}/audience`;

/** Fetches every contact in the checklists' compact shape, by name, with the unsubscribed flag. */
export async function getAudience(): Promise<AudienceMember[]> {
  const res = await apiRequest('GET', AUDIENCE_URL);
  return (await res.json()) as AudienceMember[];
}

/** Query options of the audience; the key is `[AUDIENCE_URL]`. */
export function getAudienceQueryOptions() {
  return queryOptions({ queryKey: [AUDIENCE_URL] as const, queryFn: getAudience });
}

/** The audience as a query (loaded when a recipient checklist opens). */
export function useAudience({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAudienceQueryOptions(), enabled });
}
