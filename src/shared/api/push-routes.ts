/** Where the push notification endpoints answer (zod-free, decision 047); schemas in `push.ts`. */
export const pushRoutes = {
  getPushKey: { method: 'GET', path: '/api/admin/push/key' },
  listPushDevices: { method: 'GET', path: '/api/admin/push/subscriptions' },
  subscribePush: { method: 'POST', path: '/api/admin/push/subscriptions' },
  unsubscribePush: { method: 'DELETE', path: '/api/admin/push/subscriptions' },
  removePushDevice: { method: 'DELETE', path: '/api/admin/push/subscriptions/:id' },
  getPushSettings: { method: 'GET', path: '/api/admin/push/settings' },
  updatePushSettings: { method: 'PUT', path: '/api/admin/push/settings' },
  testPush: { method: 'POST', path: '/api/admin/push/test' },
} as const;
