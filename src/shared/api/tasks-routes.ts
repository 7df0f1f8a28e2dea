/**
 * Where the contact follow-up task endpoints answer (zod-free, decision 047); schemas in
 * `tasks.ts`.
 */
export const taskRoutes = {
  listContactTasks: { method: 'GET', path: '/api/admin/tasks' },
  createContactTask: { method: 'POST', path: '/api/admin/tasks' },
  completeContactTask: { method: 'POST', path: '/api/admin/tasks/:taskId/complete' },
  editContactTask: { method: 'PUT', path: '/api/admin/tasks/:taskId' },
  deleteContactTask: { method: 'DELETE', path: '/api/admin/tasks/:taskId' },
} as const;
