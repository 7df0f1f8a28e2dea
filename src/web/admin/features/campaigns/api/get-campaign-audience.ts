import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AudienceFilter, AudienceMember } from '@/shared/campaigns';
import { apiRequest, queryKeyToUrl } from '@/web/lib/api';
import { CAMPAIGNS_URL } from './get-campaigns';

/** Path of the recipient checklists' contact list (`GET /api/admin/campaigns/audience`). */
export const AUDIENCE_URL = `${CAMPAIGNS_URL}/audience`;

/** Contacts fetched per checklist page while the admin scrolls (never all of them). */
export const AUDIENCE_PAGE_SIZE = 100;

/** One page of the checklist; the counts come with the first page only. */
export interface AudiencePageResult {
  members: AudienceMember[];
  nextCursor: string | null;
  /** Contacts matching the filter (`X-Total-Count`); null after the first page. */
  total: number | null;
  /** What 'Select All' would choose (`X-Selectable-Count`); null after the first page. */
  selectable: number | null;
}

/** The checklist's query: a server-side filter, and the campaign whose sends mark contacts. */
export interface AudienceQuery extends AudienceFilter {
  campaignId?: number;
}

const header = (res: Response, name: string) => {
  const value = res.headers.get(name);
  return value === null ? null : Number(value);
};

/**
 * Fetches one page of contacts for a recipient checklist, by name, with the unsubscribed flag and,
 * with `campaignId`, each contact's mark ('sent', 'queued', 'chosen').
 * @throws Error `"400: …"` for a bad cursor.
 */
export async function getAudiencePage(query: AudienceQuery, cursor?: string): Promise<AudiencePageResult> {
  const params = { ...query, limit: AUDIENCE_PAGE_SIZE, cursor };
  const res = await apiRequest('GET', queryKeyToUrl([AUDIENCE_URL, params]));
  return {
    members: (await res.json()) as AudienceMember[],
    nextCursor: res.headers.get('x-next-cursor'),
    total: header(res, 'x-total-count'),
    selectable: header(res, 'x-selectable-count'),
  };
}

/** Infinite-query options of a checklist; the key is `[AUDIENCE_URL, query]`. */
export function getAudienceQueryOptions(query: AudienceQuery) {
  return infiniteQueryOptions({
    queryKey: [AUDIENCE_URL, query] as const,
    queryFn: ({ pageParam }) => getAudiencePage(query, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** A checklist's contacts as an infinite query (`fetchNextPage` loads the next page). */
export function useAudience(query: AudienceQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getAudienceQueryOptions(query), enabled });
}
