import { getApiErrorStatus } from '@/web/lib/api';
import { callApi } from '@/web/lib/api-client';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from '../../service-worker';

/**
 * This browser's side of push notifications (decision 071): the service worker's PushManager
 * subscribes with the server's VAPID public key, and the subscription is handed to the server.
 */

/** Why this browser cannot turn notifications on, or null when it can. */
export function pushUnsupportedReason(): string | null {
  if (!window.isSecureContext) return 'Notifications need the admin over https.';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'This browser cannot receive notifications here. On an iPhone or iPad, add the admin to the Home Screen first (Share, then Add to Home Screen) and open it from there.';
  return null;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, or null (also where push is unavailable). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushUnsupportedReason()) return null;
  const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Thrown when the browser's permission is not given. */
export class PermissionRefused extends Error {}

/**
 * Asks for the permission, subscribes with the server's key (dropping a subscription made with
 * another key) and stores it on the server. @throws PermissionRefused, or the browser's or the
 * server's error.
 */
export async function turnOnPush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused();
  const reg = await registration();
  const { publicKey } = await callApi('getPushKey');
  const key = keyBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await callApi('subscribePush', {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}

/** Removes this device on the server (if it is there) and drops the browser's subscription. */
export async function turnOffPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await callApi('unsubscribePush', { body: { endpoint: subscription.endpoint } }).catch((error: unknown) => {
    if (getApiErrorStatus(error) !== 404) throw error;
  });
  await subscription.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
