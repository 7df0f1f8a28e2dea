/**
 * Where the pipeline endpoints answer (zod-free, decision 047); their schemas are in
 * `pipeline.ts`: the contact's timeline and 'Needs you today' (decision 063).
 */
export const pipelineRoutes = {
  getContactTimeline: { method: 'GET', path: '/api/admin/contacts/:id/timeline' },
  getToday: { method: 'GET', path: '/api/admin/today' },
  getBoard: { method: 'GET', path: '/api/admin/pipeline' },
  getBoardColumn: { method: 'GET', path: '/api/admin/pipeline/:status' },
  getSourceReport: { method: 'GET', path: '/api/admin/reports/sources' },
} as const;
