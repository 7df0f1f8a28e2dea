import type { dashboardEndpoints } from './analytics.ts';
import type { authEndpoints } from './auth.ts';
import type { campaignEndpoints } from './campaigns.ts';
import type { clientEndpoints } from './clients.ts';
import type { contactEndpoints } from './contacts.ts';
import type { credentialEndpoints } from './credentials.ts';
import type { EndpointDeclaration } from './endpoint.ts';
import type { mailEndpoints } from './mail.ts';
import type { pipelineEndpoints } from './pipeline.ts';
import type { publicEndpoints } from './public.ts';
import type { pushEndpoints } from './push.ts';
import type { replyEndpoints } from './replies.ts';
import type { RouteName } from './routes.ts';
import type { securityEndpoints } from './security.ts';
import type { siteEndpoints } from './site.ts';
import type { tagEndpoints } from './tags.ts';
import type { taskEndpoints } from './tasks.ts';
import type { tokenEndpoints } from './tokens.ts';
import type { webhookEndpoints } from './webhooks.ts';

/**
 * Every endpoint declaration by name (types only: importing it loads no zod). A route name without
 * a declaration, or a declaration without a route name, fails `npm run typecheck`.
 */
export type Endpoints = typeof publicEndpoints &
  typeof authEndpoints &
  typeof dashboardEndpoints &
  typeof mailEndpoints &
  typeof tagEndpoints &
  typeof credentialEndpoints &
  typeof replyEndpoints &
  typeof securityEndpoints &
  typeof contactEndpoints &
  typeof campaignEndpoints &
  typeof clientEndpoints &
  typeof taskEndpoints &
  typeof siteEndpoints &
  typeof tokenEndpoints &
  typeof webhookEndpoints &
  typeof pipelineEndpoints &
  typeof pushEndpoints;

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
/** Each route name has exactly one declaration, and each declaration a route name. */
export const everyRouteDeclared: Exactly<keyof Endpoints, RouteName> = true;
/** Every declaration has the shape the server and the client rely on. */
export const everyDeclarationWellFormed: Endpoints extends Record<RouteName, EndpointDeclaration>
  ? true
  : never = true;
