import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenCreate } from '@/shared/tokens';
import type { WebhookCreate, WebhookUpdate } from '@/shared/webhooks';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * The Integrations screen's calls (decisions 065, 066): API tokens and webhook endpoints with
 * their delivery logs. Every change refreshes the list it touches.
 */

const TOKENS = [urlOf('listTokens')];
const WEBHOOKS = [urlOf('listWebhooks')];
const deliveriesKey = (id: number) => [urlOf('listWebhookDeliveries', { params: { id } })];

export const useTokens = () => useQuery({ queryKey: TOKENS, queryFn: () => callApi('listTokens') });

export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => callApi('createToken', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: TOKENS }),
  });
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('revokeToken', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: TOKENS }),
  });
}

export const useWebhooks = () => useQuery({ queryKey: WEBHOOKS, queryFn: () => callApi('listWebhooks') });

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreate) => callApi('createWebhook', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: WEBHOOKS }),
  });
}

export function useUpdateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookUpdate }) =>
      callApi('updateWebhook', { params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: WEBHOOKS }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('deleteWebhook', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: WEBHOOKS }),
  });
}

/** An endpoint's delivery log; refreshed every 3 s while something is still pending. */
export const useDeliveries = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => callApi('listWebhookDeliveries', { params: { id } }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending' || d.status === 'sending') ? 3000 : false,
  });

export function useTestWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('testWebhook', { params: { id } }),
    onSettled: (_d, _e, id) => client.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

export function useResendDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      callApi('resendWebhookDelivery', { params: { id, deliveryId } }),
    onSettled: (_d, _e, v) => client.invalidateQueries({ queryKey: deliveriesKey(v.id) }),
  });
}
