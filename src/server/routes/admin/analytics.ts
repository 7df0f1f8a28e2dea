import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardEndpoints as api } from '../../../shared/api/analytics.ts';
import { getAnalytics } from '../../analytics/get-analytics.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * GET /api/admin/analytics (docs/product.md §12.3: totalVisits, plus the dashboard's figures); behind
 * `requireAdmin`.
 */
export async function adminAnalyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...serveEndpoint(r, api.getAnalytics),
    handler: async () => {
      // Counts still in memory belong on the dashboard the admin is looking at.
      await app.visits.flush();
      return getAnalytics(app.db);
    },
  });
}
