/** Where the vault's endpoints answer (zod-free, decision 047); their schemas are in `credentials.ts`. */
export const credentialRoutes = {
  listCredentials: { method: 'GET', path: '/api/admin/credentials' },
  getCredential: { method: 'GET', path: '/api/admin/credentials/:id' },
  createCredential: { method: 'POST', path: '/api/admin/credentials' },
  updateCredential: { method: 'PATCH', path: '/api/admin/credentials/:id' },
  deleteCredential: { method: 'DELETE', path: '/api/admin/credentials/:id' },
} as const;
