import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushEventType } from '@/shared/push';
import { callApi, urlOf } from '@/web/lib/api-client';

/**
 * The Notifications screen's calls (decision 071): the devices, the events pushed, a test.
 * Every change refreshes what it touches.
 */

const DEVICES = [urlOf('listPushDevices')];
const SETTINGS = [urlOf('getPushSettings')];

export const usePushDevices = () =>
  useQuery({ queryKey: DEVICES, queryFn: () => callApi('listPushDevices') });

export const usePushSettings = () =>
  useQuery({ queryKey: SETTINGS, queryFn: () => callApi('getPushSettings') });

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('removePushDevice', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: DEVICES }),
  });
}

export function useSavePushSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (events: PushEventType[]) => callApi('updatePushSettings', { body: { events } }),
    onSuccess: (saved) => client.setQueryData(SETTINGS, saved),
  });
}

export function useTestPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('testPush'),
    onSettled: () => setTimeout(() => client.invalidateQueries({ queryKey: DEVICES }), 3000),
  });
}

/** Refreshes the device list (after this device turned notifications on or off). */
export function useRefreshDevices() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DEVICES });
}
