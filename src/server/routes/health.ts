import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { livenessSchema, readinessSchema } from '../../shared/health.ts';
import { errors } from '../../shared/responses.ts';

/**
 * Probes for load balancers: `/healthz` answers while the process runs; `/readyz` answers 200
 * only when the database answers within 2 s, else 503, and 200 again as soon as it is back
 * (no restart needed: the pool makes new connections; decision 032).
 */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/healthz',
    { schema: { summary: 'The process runs', response: { 200: livenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    '/readyz',
    {
      schema: {
        summary: 'The database answers',
        response: { 200: readinessSchema, ...errors({ 503: 'The database does not answer.' }) },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready' as const, database: app.database.kind };
      } catch (err) {
        // The outage is logged once by app.ts; a load balancer polls this every few seconds.
        request.log.debug({ err }, 'database not ready');
        return reply.code(503).send({ error: 'Database unavailable' });
      }
    },
  );
}
