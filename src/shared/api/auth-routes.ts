/** Where sign-in, sign-out and the admin check answer (zod-free, decision 047); schemas in `auth.ts`. */
export const authRoutes = {
  login: { method: 'POST', path: '/api/admin/login' },
  logout: { method: 'POST', path: '/api/admin/logout' },
  getAdminCheck: { method: 'GET', path: '/api/admin/check' },
} as const;
