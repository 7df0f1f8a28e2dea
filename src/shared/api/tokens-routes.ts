/** Where the API token endpoints answer (zod-free, decision 047); their schemas are in `tokens.ts`. */
export const tokenRoutes = {
  listTokens: { method: 'GET', path: '/api/admin/tokens' },
  createToken: { method: 'POST', path: '/api/admin/tokens' },
  revokeToken: { method: 'DELETE', path: '/api/admin/tokens/:id' },
} as const;
