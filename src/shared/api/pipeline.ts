import { idParams } from '../ids.ts';
import {
  boardColumnParamsSchema,
  boardColumnQuerySchema,
  boardPageSchema,
  boardSchema,
  sourceReportQuerySchema,
  sourceReportSchema,
  timelineSchema,
  todaySchema,
} from '../pipeline.ts';
import { errors } from '../responses.ts';
import { endpoint } from './endpoint.ts';
import { pipelineRoutes as routes } from './pipeline-routes.ts';

/** The pipeline endpoints (decision 063); admin session required. */
export const pipelineEndpoints = {
  getContactTimeline: endpoint(routes.getContactTimeline, {
    summary: "A contact's timeline, newest first",
    description:
      'How the contact came in (form message, Add Contact or import), emails both ways and later form ' +
      'messages, every stage change with its lost reason, the last notes edit, tasks created and ' +
      'completed and tags added; at most 200 items (`more` says when older ones were left out).',
    params: idParams,
    response: { 200: timelineSchema, ...errors({ 404: 'No such contact.' }) },
  }),
  getToday: endpoint(routes.getToday, {
    summary: "'Needs you today': waiting leads, unread replies, due tasks, held spam",
    description:
      'Form leads waiting for a first answer (still New, never emailed one-to-one nor moved off New), ' +
      'oldest first with their age in hours (amber from 12, red from 20); contacts with unread replies; ' +
      'tasks due today (in TZ) or overdue; the held spam count; the median first-answer time of the ' +
      "last 30 days' leads. Each list at most 50 rows, with its total.",
    response: { 200: todaySchema },
  }),
  getBoard: endpoint(routes.getBoard, {
    summary: 'The pipeline board: five columns with count, value sum and first 50 cards',
    description:
      'Columns New, Contacted, Qualified, Converted and Lost (spam is not a deal); cards newest move ' +
      'first. `value` sums the deal values (minor units of `currency`). `nextCursor` pages a column ' +
      'through GET /api/admin/pipeline/{status}. A card moves with POST /api/admin/contacts/{id}/status.',
    response: { 200: boardSchema },
  }),
  getBoardColumn: endpoint(routes.getBoardColumn, {
    summary: "A board column's next page of 50 cards",
    params: boardColumnParamsSchema,
    querystring: boardColumnQuerySchema,
    response: {
      200: boardPageSchema,
      ...errors({ 400: 'Unknown status, or a cursor this board did not give.' }),
    },
  }),
  getSourceReport: endpoint(routes.getSourceReport, {
    summary: 'Where revenue comes from: leads, qualified, won and won value by first-touch source',
    description:
      'The contacts created on the last `days` days (30, 90 or 365, UTC days, today included; default 90), spam aside: form leads by ' +
      "first-touch source (UTM source, else referrer host, else 'Direct'), hand-added and imported " +
      'contacts as rows of their own. Won value in minor units of `currency`.',
    querystring: sourceReportQuerySchema,
    response: { 200: sourceReportSchema, ...errors({ 400: 'days is not 30, 90 or 365.' }) },
  }),
};
