/** Where the webhook endpoints answer (zod-free, decision 047); their schemas are in `webhooks.ts`. */
export const webhookRoutes = {
  listWebhooks: { method: 'GET', path: '/api/admin/webhooks' },
  createWebhook: { method: 'POST', path: '/api/admin/webhooks' },
  updateWebhook: { method: 'PATCH', path: '/api/admin/webhooks/:id' },
  deleteWebhook: { method: 'DELETE', path: '/api/admin/webhooks/:id' },
  listWebhookDeliveries: { method: 'GET', path: '/api/admin/webhooks/:id/deliveries' },
  testWebhook: { method: 'POST', path: '/api/admin/webhooks/:id/test' },
  resendWebhookDelivery: { method: 'POST', path: '/api/admin/webhooks/:id/deliveries/:deliveryId/resend' },
} as const;
