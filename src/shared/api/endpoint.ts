import type { z } from 'zod';

/** The HTTP methods of the API. */
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where an endpoint answers: its method and full path with Fastify's `:name` parameters, e.g.
 * `{ method: 'GET', path: '/api/admin/contacts/:id' }`. Route tables (`*-routes.ts`) hold only
 * these and import no zod, so the admin's first screens can call the API without loading zod
 * (decision 047).
 */
export interface Route {
  method: EndpointMethod;
  path: `/api/${string}`;
}

/**
 * The schema part of an endpoint: Fastify's route `schema` as it is, zod schemas for `params`,
 * `querystring`, `headers`, `body` and each success status of `response`, and the error documents
 * of `errors()` (`src/shared/responses.ts`) for its refusals.
 */
export interface EndpointSchema {
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, unknown>;
}

/**
 * One `/api` endpoint, declared once (decision 047): the server registers its route from it
 * (`src/server/routes/serve-endpoint.ts`) and the admin calls it by name through
 * `src/web/lib/api-client.ts`.
 */
export type EndpointDeclaration = Route & EndpointSchema;

/** Declares an endpoint: its route from a route table, and its schemas, keeping their literal types. */
export const endpoint = <const R extends Route, const S extends EndpointSchema>(
  route: R,
  schema: S,
): R & S => ({
  ...route,
  ...schema,
});

/** A response entry's JSON schema: a bare zod schema, or one inside a described `content` document. */
type JsonSchemaOf<R> = R extends z.ZodType
  ? R
  : R extends { content: { 'application/json': { schema: infer S extends z.ZodType } } }
    ? S
    : never;

/** The zod schema of an endpoint's success answer (its 200, else 201, 202 or 204). */
export type SuccessSchema<E extends EndpointDeclaration> = E['response'] extends { 200: infer R }
  ? JsonSchemaOf<R>
  : E['response'] extends { 201: infer R }
    ? JsonSchemaOf<R>
    : E['response'] extends { 202: infer R }
      ? JsonSchemaOf<R>
      : E['response'] extends { 204: infer R }
        ? JsonSchemaOf<R>
        : never;

/** What a successful call answers, as the admin receives it. */
export type EndpointAnswer<E extends EndpointDeclaration> = z.output<SuccessSchema<E>>;

/**
 * The URL of a route: its path with each `:name` replaced by `params[name]` (URI-encoded), then
 * `query` as search parameters, leaving out `undefined`, `null` and `''`.
 * @throws Error when a path parameter has no value.
 */
export function routeUrl(route: Route, params?: unknown, query?: unknown): string {
  const values = new Map<string, unknown>(Object.entries(Object(params ?? {})));
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values.get(name);
    if (value === undefined || value === null || value === '')
      throw new Error(`${route.path} needs :${name}.`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries<unknown>(Object(query ?? {}))) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
