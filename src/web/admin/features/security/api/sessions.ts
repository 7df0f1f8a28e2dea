import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionSummary } from '@/shared/security';
import { apiRequest } from '@/web/lib/api';
import { SESSIONS_URL } from './security-api';

/**
 * The sessions list of the Security screen (decision 036): every signed-in browser,
 * 'Sign out' one, 'Sign out everywhere else'.
 */

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: [SESSIONS_URL],
    queryFn: async () =>
      ((await (await apiRequest('GET', SESSIONS_URL)).json()) as { sessions: SessionSummary[] }).sessions,
  });
}

export const useSessions = () => useQuery(getSessionsQueryOptions());

function useSessionsMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}

export const useEndSession = () =>
  useSessionsMutation(async (id: number) => {
    await apiRequest('DELETE', `${SESSIONS_URL}/${id}`);
  });

export const useEndOtherSessions = () =>
  useSessionsMutation(
    async () =>
      ((await (await apiRequest('POST', `${SESSIONS_URL}/end-others`)).json()) as { ended: number }).ended,
  );
