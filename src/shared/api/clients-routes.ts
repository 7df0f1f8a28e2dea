/** Where the client and client-task endpoints answer (zod-free, decision 047); schemas in `clients.ts`. */
export const clientRoutes = {
  listClients: { method: 'GET', path: '/api/admin/clients' },
  createClient: { method: 'POST', path: '/api/admin/clients' },
  updateClient: { method: 'PATCH', path: '/api/admin/clients/:id' },
  deleteClient: { method: 'DELETE', path: '/api/admin/clients/:id' },
  listClientTasks: { method: 'GET', path: '/api/admin/clients/:id/tasks' },
  createClientTask: { method: 'POST', path: '/api/admin/clients/:clientId/tasks' },
  updateClientTask: { method: 'PATCH', path: '/api/admin/clients/tasks/:taskId' },
  editClientTask: { method: 'PUT', path: '/api/admin/clients/tasks/:taskId' },
  deleteClientTask: { method: 'DELETE', path: '/api/admin/clients/tasks/:taskId' },
} as const;
