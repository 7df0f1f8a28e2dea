/**
 * HTTP helpers shared by the landing and the admin SPA (docs/product.md §12.1).
 *
 * Every call sends cookies; a body is sent as JSON only when given; a non-OK answer becomes an
 * `Error` whose message is `${status}: ${bodyText || statusText}`.
 */
import type { QueryFunction } from '@tanstack/react-query';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/**
 * Sends one request to the API and returns the response once it is OK.
 * @param method HTTP method.
 * @param url Path (same origin), e.g. `/api/contact`.
 * @param body Optional value sent as JSON (with `Content-Type: application/json`); pass
 *   `undefined` to send no body while still giving `headers`.
 * @param headers Optional extra request headers, e.g. the vault password header of the
 *   credentials calls (docs/product.md §9.2). They are sent as given, next to `Content-Type`.
 * @throws Error `"<status>: <body text or status text>"` for any non-2xx answer (docs/product.md §12.1);
 *   network failures reject with the browser's own TypeError.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** What a query does when the API answers 401 (docs/product.md §12.1: a read may return null on a 401). */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Turns a query key into a URL: the first element is the path, an optional second element is an
 * object of search parameters (empty strings, `null` and `undefined` are left out).
 * E.g. `['/api/admin/contacts', { q: 'ann', status: 'new' }]` → `/api/admin/contacts?q=ann&status=new`.
 */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  const [path, params] = queryKey;
  if (typeof path !== 'string') throw new Error('The first element of a query key must be the URL path.');
  if (!params || typeof params !== 'object') return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Builds a TanStack Query `queryFn` that GETs {@link queryKeyToUrl}(queryKey) and parses JSON.
 * @param options.on401 `'returnNull'` resolves `null` on a 401; `'throw'` (the default use) rejects.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * The HTTP status carried by an error made by {@link apiRequest} (its message starts with
 * `"<status>: "`, docs/product.md §12.1), or `null` for any other error (network failure, bug).
 */
export function getApiErrorStatus(error: unknown): number | null {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}

/**
 * Extracts a human message from an error made by {@link apiRequest} (docs/product.md §12.1): the `error`
 * field when the message carries a JSON object with one; otherwise the text after the first colon;
 * otherwise `null` (the caller then shows its own fallback text).
 */
export function getApiErrorMessage(error: unknown): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const start = message.indexOf('{');
  if (start !== -1) {
    try {
      const parsed: unknown = JSON.parse(message.slice(start));
      if (parsed && typeof parsed === 'object' && 'error' in parsed) {
        const field = (parsed as { error: unknown }).error;
        if (typeof field === 'string' && field.trim()) return field.trim();
      }
    } catch {
      // Not JSON: fall through to the text after the colon.
    }
  }
  const colon = message.indexOf(':');
  if (colon !== -1) {
    const rest = message.slice(colon + 1).trim();
    if (rest) return rest;
  }
  return null;
}
