import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsSchema } from '../../../shared/analytics.ts';
import { getAnalytics } from '../../analytics/get-analytics.ts';

/**
 * GET /api/admin/analytics (docs/product.md §12.3: totalVisits, plus the dashboard's figures); behind
 * `requireAdmin`.
 */
export async function adminAnalyticsRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/analytics',
      { schema: { summary: 'Dashboard figures and the last 30 days', response: { 200: analyticsSchema } } },
      async () => {
        // Counts still in memory belong on the dashboard the admin is looking at.
        await app.visits.flush();
        return getAnalytics(app.db);
      },
    );
}
