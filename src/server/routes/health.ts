import type { FastifyInstance } from 'fastify';

/**
 * Probes for load balancers: `/healthz` answers while the process runs; `/readyz` answers 200
 * only when the database answers, else 503.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready', database: app.database.kind };
    } catch (err) {
      request.log.warn({ err }, 'database not ready');
      return reply.code(503).send({ error: 'Database unavailable' });
    }
  });
}
