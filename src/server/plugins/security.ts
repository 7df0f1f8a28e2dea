import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { HttpError } from '../http-error.ts';
import { bearerToken } from './session.ts';

export interface SecurityOptions {
  /** Extra `script-src` sources, e.g. hashes of the inline state scripts the pages carry. */
  scriptHashes: string[];
  /**
   * `APP_URL` when configured: the only origin a state-changing request may name. Without it
   * (loopback demo) the request's own scheme and Host stand in.
   */
  appUrl?: string | undefined;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** helmet's own default value (one year, subdomains). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet's middleware sets for `options`, taken once by running it against a
 * recording response. They depend only on the options (no nonces, no per-request directive
 * functions here), so every response can get the same list: @fastify/helmet built the whole
 * middleware again on every request (CSP parsed and re-serialised), 3 % of the contact route's
 * CPU (decision 030).
 * @throws when helmet rejects the options, or calls back with an error.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), String(value)]);
      return recorder;
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Security headers (helmet, with a strict Content-Security-Policy) and CSRF protection
 * (decision 009: mutating requests must be JSON and same-origin). Browsers send `Origin`
 * and `Sec-Fetch-Site` on cross-site POSTs, so a request that names another origin is refused
 * with 403 (see `isSameOrigin`); the only body parser is JSON, so HTML forms cannot post at all
 * (415), except to the unsubscribe page's own form (routes/unsubscribe.ts).
 * `Strict-Transport-Security` goes out only on requests that came over TLS (directly, or through a
 * trusted proxy's `X-Forwarded-Proto`). A request with an `Authorization: Bearer` token skips the
 * origin check: the token alone authenticates it (decision 065).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...opts.scriptHashes.map((h) => `'${h}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The admin opens the mail-connection popup and reads its result (docs/product.md §10.2).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Sent below, over TLS only: RFC 6797 §7.2 says a host must not send it over plain HTTP.
    strictTransportSecurity: false,
  });

  app.removeContentTypeParser('text/plain');
  const appOrigin = opts.appUrl ? new URL(opts.appUrl).origin : undefined;

  app.addHook('onRequest', async (request, reply) => {
    // On the Node response, as helmet did: a route's own reply.header() still wins.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!MUTATING.has(request.method)) return;
    // A Bearer request is authenticated by its token alone, never by the cookie a browser adds
    // (session.ts), so a forged cross-site request gains nothing from it (decision 065).
    if (bearerToken(request) !== undefined) return;
    if (!isSameOrigin(request, appOrigin)) throw new HttpError(403, 'Cross-site requests are not allowed.');
  });
});

/**
 * Whether a state-changing request comes from the site itself (docs/decisions/034-same-origin-check.md):
 * - `Sec-Fetch-Site` (Fetch Metadata, set by the browser and not writable by a page) decides when
 *   present: `same-origin` is accepted, `cross-site` and `same-site` are refused, `none` (typed
 *   or bookmarked) goes on to the Origin check.
 * - `Origin: null` is what Chromium sends for a form post from a page served with
 *   `Referrer-Policy: no-referrer` (the unsubscribe page); it is accepted only with
 *   `Sec-Fetch-Site: same-origin`, since a sandboxed frame on another site sends it too.
 * - Otherwise `Origin` must equal `appOrigin` (APP_URL's origin) when configured, else the
 *   request's own scheme and Host (loopback demo). A proxy that rewrites Host (nginx's `Host $host`
 *   drops a non-standard port) therefore cannot break the check when APP_URL is set.
 * - No `Origin` and no `Sec-Fetch-Site`: not a browser's cross-site request (mail programs'
 *   RFC 8058 one-click POSTs, scripts), accepted.
 */
export function isSameOrigin(request: FastifyRequest, appOrigin: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin') return true;
  if (typeof site === 'string' && site !== 'none') return false;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return true;
  if (origin === 'null') return false;
  try {
    // Through URL on both sides, so a default port (":80", ":443") compares equal to none.
    const expected = appOrigin ?? new URL(`${request.protocol}://${request.host}`).origin;
    return new URL(origin).origin === expected;
  } catch {
    return false;
  }
}
