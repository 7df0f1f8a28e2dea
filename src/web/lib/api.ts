/**
 * HTTP helpers shared by the landing and the admin SPA (docs/product.md §12.1).
 *
 * Every call sends cookies; a body is sent as JSON only when given; a non-OK answer becomes an
 * `Error` whose message is `${status}: ${bodyText || statusText}`.
 */
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
