/** Where the dashboard's endpoints answer (zod-free, decision 047); their schemas are in `analytics.ts`. */
export const dashboardRoutes = {
  getAnalytics: { method: 'GET', path: '/api/admin/analytics' },
  getBackupStatus: { method: 'GET', path: '/api/admin/backup-status' },
} as const;
