import { dashboardRoutes } from './analytics-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { campaignRoutes } from './campaigns-routes.ts';
import { clientRoutes } from './clients-routes.ts';
import { contactRoutes } from './contacts-routes.ts';
import { credentialRoutes } from './credentials-routes.ts';
// from './contacts-routes.ts';
import { mailRoutes } from './mail-routes.ts';
import { pipelineRoutes } from './pipeline-routes.ts';
import { publicRoutes } from './public-routes.ts';
import { pushRoutes } from './push-routes.ts';
import { replyRoutes } from './replies-routes.ts';
import { securityRoutes } from './security-routes.ts';
import { siteRoutes } from './site-routes.ts';
import { tagRoutes } from './tags-routes.ts';
import { taskRoutes } from './tasks-routes.ts';
import { tokenRoutes } from './tokens-routes.ts';
import { webhookRoutes } from './webhooks-routes.ts';

/**
 * Every JSON endpoint's method and path by name, zod-free (decision 047): the admin's client looks
 * a call's URL up here, and takes its types from `Endpoints` (`./index.ts`) without loading a schema.
 */
export const routes = {
  ...publicRoutes,
  ...authRoutes,
  ...dashboardRoutes,
  ...mailRoutes,
  ...tagRoutes,
  ...credentialRoutes,
  ...replyRoutes,
  ...securityRoutes,
  ...contactRoutes,
  ...campaignRoutes,
  ...clientRoutes,
  ...taskRoutes,
  ...siteRoutes,
  ...tokenRoutes,
  ...webhookRoutes,
  ...pipelineRoutes,
  ...pushRoutes,
} as const;

/** The name of a JSON endpoint, e.g. `'createTag'`. */
export type RouteName = keyof typeof routes;
