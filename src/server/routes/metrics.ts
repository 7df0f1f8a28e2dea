import type { FastifyInstance } from 'fastify';
import { mayReadMetrics } from '../metrics/app-metrics.ts';

/**
 * `GET /metrics`: the Prometheus text exposition (src/server/metrics/app-metrics.ts, decision
 * 036). Never public by default: without `METRICS_TOKEN` it answers loopback only (403 to anyone
 * else); with it, a request with `Authorization: Bearer <METRICS_TOKEN>` from anywhere (401
 * otherwise). Not part of the JSON API document.
 */
export async function metricsRoutes(app: FastifyInstance) {
  app.get('/metrics', async (request, reply) => {
    const verdict = mayReadMetrics(app.config.metricsToken, request);
    if (verdict === 'token needed') {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'Metrics need the bearer token set in METRICS_TOKEN' });
    }
    if (verdict === 'loopback only') {
      return reply.code(403).send({
        error: 'Metrics are served on loopback only; set METRICS_TOKEN to read them from elsewhere',
      });
    }
    const body = await app.metrics.registry.metrics();
    return reply
      .header('content-type', app.metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
