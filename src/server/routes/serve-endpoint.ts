import type { EndpointDeclaration } from '../../shared/api/endpoint.ts';

/**
 * The route options of a declared endpoint (decision 047) for a Fastify instance mounted at
 * `prefix` (`app.prefix`, e.g. `/api/admin`): its method, its URL under that mount, and the rest
 * of the declaration as the route's `schema`. Spread into `r.route({ ...serveEndpoint(r, e), handler })`,
 * so fastify-type-provider-zod types the handler's request and reply from the same schemas.
 * @throws Error at start-up when the endpoint's path is not under the instance's mount.
 */
export function serveEndpoint<const E extends EndpointDeclaration>(
  app: { prefix: string },
  declaration: E,
): { method: E['method']; url: string; schema: Omit<E, 'method' | 'path'> } {
  const { method, path, ...schema } = declaration;
  if (!path.startsWith(app.prefix)) {
    throw new Error(`The endpoint ${method} ${path} is not under this plugin's mount, ${app.prefix}.`);
  }
  return { method, url: path.slice(app.prefix.length) || '/', schema };
}
