import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactStatus } from '@/shared/contacts';
import type { Board, BoardPage } from '@/shared/pipeline';
import { callApi, urlOf } from '@/web/lib/api-client';

/** Query options of the board (GET /api/admin/pipeline, decision 063). */
export function getBoardQueryOptions() {
  return queryOptions({
    queryKey: [urlOf('getBoard')] as const,
    queryFn: (): Promise<Board> => callApi('getBoard'),
  });
}

/** The board as a query. */
export function useBoard() {
  return useQuery(getBoardQueryOptions());
}

/** A column's next page (GET /api/admin/pipeline/{status}?cursor=…). */
export function getBoardColumnPage(status: ContactStatus, cursor: string): Promise<BoardPage> {
  return callApi('getBoardColumn', { params: { status }, query: { cursor } });
}
