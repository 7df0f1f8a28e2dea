import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { VAULT_PASSWORD_HEADER } from '../../shared/credentials.ts';
import { type ErrorStatus, errorMeanings, errorResponse } from '../../shared/responses.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

/**
 * The API contract as a document (decision 021): @fastify/swagger collects every route with its zod
 * schemas (from `src/shared`, through fastify-type-provider-zod's transform) into an OpenAPI 3.1
 * document, served by `src/server/routes/api-docs.ts`.
 *
 * What every route of a kind answers is added here, once, where the behaviour is app-wide: a 400
 * (the NUL refusal and validation apply to every route), 403/413/415 on a mutating route (CSRF
 * check, body limit, JSON-only parser), 404 on a route with path parameters, 429 on a rate-limited
 * one. The session guard and the vault add theirs (`documentSession`, `documentVault`). A route
 * declares only its own answers and narrower meanings (`errors({ 404: 'No such contact.' })`).
 */
export const apiContractPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!isDocumented(route.url)) return;
    const mutating = [route.method].flat().some((m) => MUTATING.has(m));
    const add: Partial<Record<ErrorStatus, string>> = { 400: errorMeanings[400] };
    if (mutating) {
      add[403] = 'Cross-site request refused (CSRF: `Origin` or `Sec-Fetch-Site` names another site).';
      add[413] = errorMeanings[413];
      add[415] = errorMeanings[415];
    }
    if (/[:*]/.test(route.url)) add[404] = errorMeanings[404];
    if (route.config && 'rateLimit' in route.config) add[429] = errorMeanings[429];
    documentResponses(route, add);
    const tag = tagOf(route.url);
    route.schema = { tags: [tag], ...route.schema };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.site.name} API`,
        version: '1',
        description:
          'The JSON API of the agency site and its admin. Every error is `{ "error": "…" }` ' +
          '(schema `Error`). Admin calls need the session cookie that `POST /api/admin/login` sets, ' +
          'or (except the vault, sign-in security, tokens and push devices) an API token as `Authorization: Bearer <token>`; ' +
          `credentials calls also need the vault password in the \`${VAULT_PASSWORD_HEADER}\` header. ` +
          'Mutating calls must be JSON, and same-origin when made with the cookie.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The admin session, set by `POST /api/admin/login` (HttpOnly, SameSite=Lax).',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A personal API token from the admin's Integrations screen ('read' tokens call GET only).",
          },
          vaultPassword: {
            type: 'apiKey',
            in: 'header',
            name: VAULT_PASSWORD_HEADER,
            description: 'The vault password; every credentials call carries it.',
          },
        },
      },
      tags: TAGS.map(([name, description]) => ({ name, description })),
    },
    hideUntagged: false,
    transform: (input) => {
      if (!isDocumented(input.url)) return { schema: { hide: true } as never, url: input.url };
      return zodTransform(input);
    },
    transformObject: (input) =>
      pruneUnusedComponents(
        jsonSchemaTransformObject(input) as OpenApiDocument,
      ) as ReturnType<SwaggerTransformObject>,
  });
});

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes outside `/api` that are API too: probes and the unsubscribe endpoint (RFC 8058). */
const OUTSIDE_API = [/^\/healthz$/, /^\/readyz$/, /^\/unsubscribe\//];

/**
 * Whether a route belongs in the document: every `/api` route but the reference page's own
 * files, and the few API routes outside `/api`. Pages and static files are not API.
 */
export function isDocumented(url: string): boolean {
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return false;
  return url.startsWith('/api/') || OUTSIDE_API.some((re) => re.test(url));
}

/** Groups of the reference page, in its order. */
const TAGS: [string, string][] = [
  ['Public', 'Calls the public site makes: the contact form and unsubscribe links.'],
  ['Session', 'Admin sign-in, sign-out and the session check.'],
  ['Contacts', 'Leads and their conversation, status, notes, tags, merge and CSV export.'],
  ['Tags', 'Tags on contacts.'],
  ['Tasks', 'Follow-up tasks on contacts.'],
  ['Clients', 'Clients and their tasks.'],
  ['Campaigns', 'Email campaigns, their recipients and sending.'],
  ['Mail', 'The mail connection (Gmail Workspace) and the daily cap.'],
  ['Credentials', 'The encrypted vault; every call needs the vault password header.'],
  ['Analytics', 'Dashboard figures.'],
  ['Tokens', 'Personal API tokens for scripts and tools (the session only).'],
  ['Webhooks', 'Outgoing webhooks: endpoints, their delivery log and test deliveries.'],
  [
    'Push',
    "Push notifications to the owner's devices: the VAPID key, the devices, the events (the session only).",
  ],
  ['Replies', 'Replies imported from the mailbox (IMAP or Gmail) and their unread marks.'],
  [
    'Security',
    'Second factors (passkeys, authenticator app, recovery codes), sign-in events and the vault step-up.',
  ],
  ['Operations', 'Probes for load balancers, backups and this document.'],
];

/** The reference page's group of a route, from its path. */
function tagOf(url: string): string {
  const admin = /^\/api\/admin\/([\w-]+)/.exec(url)?.[1];
  if (admin === 'login' || admin === 'logout' || admin === 'check') return 'Session';
  if (admin === 'mail-usage') return 'Mail';
  if (admin === 'replies' || url.endsWith('/read') || url.startsWith('/api/admin/mail/inbound'))
    return 'Replies';
  if (admin === 'backup-status') return 'Operations';
  if (url.startsWith('/api/admin/contacts/') && url.includes('/tags/')) return 'Tags';
  if (admin) {
    const name = admin[0]!.toUpperCase() + admin.slice(1);
    return TAGS.some(([t]) => t === name) ? name : 'Other';
  }
  if (url.startsWith('/api/auth/google')) return 'Mail';
  if (url === '/api/contact' || url.startsWith('/unsubscribe/')) return 'Public';
  return 'Operations';
}

/**
 * Adds error responses to a route's schema (an `onRoute` hook's route options), keeping any the
 * route declared itself unless `override`. Fastify serializes those errors through the same
 * schema, so the document cannot promise a shape the server does not send.
 */
export function documentResponses(
  route: RouteOptions,
  meanings: Partial<Record<ErrorStatus, string>>,
  options: { override?: boolean; security?: Record<string, string[]>[] } = {},
) {
  const response = { ...((route.schema?.response as Record<string, unknown> | undefined) ?? {}) };
  for (const [status, text] of Object.entries(meanings)) {
    if (options.override || !(status in response)) response[status] = errorResponse(text);
  }
  route.schema = {
    ...route.schema,
    response,
    ...(options.security ? { security: options.security } : {}),
  };
}

const zodTransform = createJsonSchemaTransform({});

type OpenApiDocument = { components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>;

/**
 * Drops component schemas nothing refers to. The zod transform writes every registered schema
 * twice (`X` for answers, `XInput` for requests), though each is used one way only.
 */
function pruneUnusedComponents(doc: OpenApiDocument): OpenApiDocument {
  const schemas = doc.components?.schemas;
  if (!schemas) return doc;
  const used = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string') {
          const name = child.replace('#/components/schemas/', '');
          if (!used.has(name) && name in schemas) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(child);
      }
    }
  };
  const { components, ...rest } = doc;
  visit(rest);
  return {
    ...doc,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}
