import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AudiencePage, AudiencePageQuery } from '@/shared/campaigns';
import { callApiResponse, urlOf } from '@/web/lib/api-client';

/** Path of the recipient checklists' contact list (`GET /api/admin/campaigns/audience`). */
export const AUDIENCE_URL = urlOf('listCampaignAudience');

/** Contacts fetched per checklist page while the admin scrolls (never all of them). */
export const AUDIENCE_PAGE_SIZE = 100;

/**
 * The checklist's query: a server-side filter, and the campaign whose sends mark contacts. The
 * page size and cursor are this module's business, so they are not part of it (nor of the key).
 */
export type AudienceQuery = Omit<Partial<AudiencePageQuery>, 'limit' | 'cursor'>;

const countHeader = (headers: Headers, name: string) => {
  const value = headers.get(name);
  return value === null ? null : Number(value);
};

/**
 * Fetches one page of contacts for a recipient checklist, by name, with the unsubscribed flag and,
 * with `campaignId`, each contact's mark ('sent', 'queued', 'chosen'). The page's cursor and, on
 * the first page, its counts come in response headers (decision 029).
 * @throws Error `"400: …"` for a bad cursor.
 */
export async function getAudiencePage(query: AudienceQuery, cursor?: string): Promise<AudiencePage> {
  const { data, headers } = await callApiResponse('listCampaignAudience', {
    query: { ...query, limit: AUDIENCE_PAGE_SIZE, cursor },
  });
  return {
    members: data,
    nextCursor: headers.get('x-next-cursor'),
    total: countHeader(headers, 'x-total-count'),
    selectable: countHeader(headers, 'x-selectable-count'),
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
