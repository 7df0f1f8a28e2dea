import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/web/lib/api-client';
import { SESSIONS_URL } from './security-api';
import { useRequestStepUp, withStepUp } from './step-up';

/**
 * The sessions list of the Security screen (decision 036): every signed-in browser,
 * 'Sign out' one, 'Sign out everywhere else'. Both need a step-up (decision 061): the server's
 * 403 `details.stepUp` opens 'Confirm it is you', then the call runs again.
 */

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: [SESSIONS_URL],
    queryFn: async () => (await callApi('listSessions')).sessions,
  });
}

export const useSessions = () => useQuery(getSessionsQueryOptions());

function useSessionsMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  const requestStepUp = useRequestStepUp();
  return useMutation({
    mutationFn: (vars: TVars) => withStepUp(requestStepUp, () => fn(vars)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}

export const useEndSession = () =>
  useSessionsMutation((id: number) => callApi('endSession', { params: { id } }));

export const useEndOtherSessions = () =>
  useSessionsMutation(async () => (await callApi('endOtherSessions')).ended);
