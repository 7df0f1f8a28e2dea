import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pipelineEndpoints as api } from '../../../shared/api/pipeline.ts';
import { boardColumnPage, getBoard } from '../../pipeline/board.ts';
import { contactTimeline } from '../../pipeline/contact-timeline.ts';
import { sourceReport } from '../../pipeline/source-report.ts';
import { needsYouToday } from '../../pipeline/today.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * The pipeline routes (decision 063), declared in `src/shared/api/pipeline.ts`; mounted behind
 * `requireAdmin`. `now`: the clock 'today' and lead ages are counted by (tests move it).
 */
export async function adminPipelineRoutes(app: FastifyInstance, options: { now?: () => Date }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = options.now ?? (() => new Date());

  r.route({
    ...serveEndpoint(r, api.getContactTimeline),
    handler: async (request) => contactTimeline(app.db, request.params.id),
  });

  r.route({
    ...serveEndpoint(r, api.getToday),
    handler: async () => needsYouToday(app.db, now(), app.config.reminders.timeZone),
  });

  r.route({
    ...serveEndpoint(r, api.getBoard),
    handler: async () => getBoard(app.db, app.config.currency),
  });

  r.route({
    ...serveEndpoint(r, api.getBoardColumn),
    handler: async (request) => boardColumnPage(app.db, request.params.status, request.query.cursor),
  });

  r.route({
    ...serveEndpoint(r, api.getSourceReport),
    handler: async (request) =>
      sourceReport(app.db, Number(request.query.days ?? 90), app.config.currency, now()),
  });
}
