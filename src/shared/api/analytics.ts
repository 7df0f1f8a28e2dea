import { analyticsSchema } from '../analytics.ts';
import { backupStatusSchema } from '../backup.ts';
import { dashboardRoutes as routes } from './analytics-routes.ts';
import { endpoint } from './endpoint.ts';

/** The dashboard's endpoints (docs/product.md §12.3); admin session required. */
export const dashboardEndpoints = {
  getAnalytics: endpoint(routes.getAnalytics, {
    summary: 'Dashboard figures and the last 30 days',
    response: { 200: analyticsSchema },
  }),
  getBackupStatus: endpoint(routes.getBackupStatus, {
    summary: 'When the last backup was taken, and whether daily backups are on',
    response: { 200: backupStatusSchema },
  }),
};
