/**
 * The admin screens' paths (docs/product.md §2.1), the one list both sides use: the admin SPA's
 * router mounts each screen at its path, and the server answers any other `/admin/…` path with
 * the 404 page and status 404. `:id` stands for one path segment, as in React
 * Router.
 */
export const adminPaths = {
  login: '/admin/login',
  dashboard: '/admin',
  contacts: '/admin/contacts',
  contactDetail: '/admin/contacts/:id',
  pipeline: '/admin/pipeline',
  clients: '/admin/clients',
  campaigns: '/admin/campaigns',
  gmailSetup: '/admin/gmail-setup',
  credentials: '/admin/credentials',
  credentialDetail: '/admin/credentials/:id',
  security: '/admin/security',
  integrations: '/admin/integrations',
  notifications: '/admin/notifications',
  site: '/admin/site',
} as const;

// Matched as React Router matches: case-insensitive, one optional trailing slash.
const screenPatterns = Object.values(adminPaths).map(
  (path) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`, 'i'),
);

/** True when `pathname` (no query string) is one of the admin screens. */
export function isAdminScreenPath(pathname: string): boolean {
  return screenPatterns.some((pattern) => pattern.test(pathname));
}
