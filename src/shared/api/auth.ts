import { adminCheckSchema, loginResultSchema, loginSchema } from '../auth.ts';
import { errors, noContent } from '../responses.ts';
import { authRoutes as routes } from './auth-routes.ts';
import { endpoint } from './endpoint.ts';

/** Sign-in, sign-out and the admin check (docs/product.md §4); no session needed. */
export const authEndpoints = {
  login: endpoint(routes.login, {
    summary: 'Sign in (sets the session cookie, or asks for the second factor)',
    body: loginSchema,
    response: { 200: loginResultSchema, ...errors({ 401: 'Wrong user name or password.' }) },
  }),
  logout: endpoint(routes.logout, {
    summary: 'Sign out',
    response: { 204: noContent },
  }),
  getAdminCheck: endpoint(routes.getAdminCheck, {
    summary: 'Whether this browser is signed in',
    response: { 200: adminCheckSchema },
  }),
};
