/**
 * The admin's typed API client (decision 047): a call names an endpoint (`callApi('createTag', …)`),
 * its URL comes from the zod-free route table and its parameters, body and answer types from the
 * declaration the server registers its route from (`src/shared/api`). A renamed field, parameter
 * or path fails `npm run typecheck` on both sides.
 *
 * The answer is not parsed again here: the server checks every answer against the same declared
 * schema before it leaves (fastify-type-provider-zod's serializer refuses one that does not match),
 * and parsing in the browser would put zod (~35 KB br) into every screen's first load.
 */
import type { z } from 'zod';
import type { Endpoints } from '@/shared/api';
import { type EndpointAnswer, routeUrl } from '@/shared/api/endpoint';
import { type RouteName, routes } from '@/shared/api/routes';
import { apiRequest } from './api';

type Field<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What a call of endpoint `N` needs: its path parameters and body when it declares them, its query optionally. */
export type CallInput<N extends RouteName> = (Field<Endpoints[N], 'params'> extends z.ZodType
  ? { params: z.input<Field<Endpoints[N], 'params'>> }
  : { params?: undefined }) &
  (Field<Endpoints[N], 'body'> extends z.ZodType
    ? { body: z.input<Field<Endpoints[N], 'body'>> }
    : { body?: undefined }) &
  (Field<Endpoints[N], 'querystring'> extends z.ZodType
    ? { query?: Partial<z.input<Field<Endpoints[N], 'querystring'>>> }
    : { query?: undefined }) & {
    /** Extra request headers, e.g. the vault password of a credentials call. */
    headers?: Record<string, string>;
  };

/** `[name, input?]`: an endpoint without parameters or body is called without input. */
export type CallArgs<N extends RouteName> =
  object extends CallInput<N> ? [name: N, input?: CallInput<N>] : [name: N, input: CallInput<N>];

/** What endpoint `N` answers on success. */
export type Answer<N extends RouteName> = EndpointAnswer<Endpoints[N]>;

type LooseInput = { params?: unknown; query?: unknown; body?: unknown; headers?: Record<string, string> };

/** The URL a call requests, e.g. `urlOf('getContact', { params: { id: 7 } })` → `/api/admin/contacts/7`; also the first element of its query key. */
export function urlOf<N extends RouteName>(...args: CallArgs<N>): string {
  const [name, input]: [N, LooseInput?] = args;
  return routeUrl(routes[name], input?.params, input?.query);
}

/**
 * Calls an endpoint; answers its success body (`undefined` for a 204) with the response's headers.
 * @throws Error `"<status>: <body>"` for a non-2xx answer (see {@link apiRequest}).
 */
export async function callApiResponse<N extends RouteName>(
  ...args: CallArgs<N>
): Promise<{ data: Answer<N>; headers: Headers }> {
  const [name, input]: [N, LooseInput?] = args;
  return send(name, input);
}

/** Calls an endpoint and answers its success body; see {@link callApiResponse}. */
export async function callApi<N extends RouteName>(...args: CallArgs<N>): Promise<Answer<N>> {
  const [name, input]: [N, LooseInput?] = args;
  return (await send(name, input)).data;
}

async function send<N extends RouteName>(
  name: N,
  input: LooseInput | undefined,
): Promise<{ data: Answer<N>; headers: Headers }> {
  const route = routes[name];
  const res = await apiRequest(
    route.method,
    routeUrl(route, input?.params, input?.query),
    input?.body,
    input?.headers,
  );
  const data: Answer<N> = res.status === 204 ? undefined : await res.json();
  return { data, headers: res.headers };
}
