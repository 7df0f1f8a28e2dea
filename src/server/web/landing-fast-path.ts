import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { isbot } from 'isbot';
import type { VisitSource } from '../analytics/visit-counter.ts';
import type { Page } from './load-pages.ts';
import type { RequestLogSummary } from './request-log-summary.ts';

/**
 * The plain `GET /` answered before Fastify (the landing at a rate near
 * nginx's). Fastify's request objects, hooks (helmet, cookies, CSRF, NUL check) and two log lines
 * cost several times the page itself; the landing is the same bytes for every visitor, so its
 * headers are taken once from the Fastify route (`app.inject`, every encoding) and replayed here:
 * the security headers cannot drift from the route's. The visit is counted as the route counts it
 * (people only, not bots nor a browser with the admin's cookie) and the request goes into the
 * request-log summary.
 *
 * Anything this path does not answer exactly like the route goes to Fastify: another method or
 * URL (a query string too), a Cookie header (the session check), `If-None-Match` (304), a
 * request that may have come through a proxy (`TRUST_PROXY` set: the client's address and
 * protocol come from forwarded headers), and every request once the server is closing (503).
 */
export class LandingFastPath {
  private variants: Record<'br' | 'gzip' | 'identity', { headers: string[]; body: Buffer }> | null = null;
  private closing = false;
  private readonly encodings = new Map<string, string | undefined>();
  private readonly people = new Map<string, boolean>();
  /** Requests answered here since start (`http_landing_requests_total`, decision 043). */
  served = 0;

  constructor(
    private page: Page,
    private readonly record: (address: string, userAgent: string, source: VisitSource) => void,
    private readonly summary: RequestLogSummary,
  ) {}

  /**
   * Captures the route's headers for each encoding (call once the app is ready); until then and
   * after {@link close} every request goes to Fastify.
   */
  async prepare(app: FastifyInstance): Promise<void> {
    const variants = {} as NonNullable<LandingFastPath['variants']>;
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      // A crawler's user agent: the capture is not a visit.
      const res = await app.inject({
        method: 'GET',
        url: '/',
        headers: {
          'accept-encoding': encoding,
          'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
        },
      });
      if (res.statusCode !== 200) return;
      const headers: string[] = [];
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined || PER_CONNECTION.has(name)) continue;
        for (const one of [value].flat()) headers.push(name, String(one));
      }
      variants[encoding] = { headers, body: this.page[encoding] };
    }
    this.variants = variants;
  }

  /**
   * Takes a new landing (a content version was published, decision 067): the new variants
   * replace the old in one assignment, so each request gets one whole page. Of the route's
   * headers only the page's own change with its bytes (`etag`, `content-length`: web-routes.ts
   * `sendPage`), so they are replaced in the captured lists instead of asking the route again:
   * three `app.inject` calls after real traffic left every later `GET /` about 10 % slower
   * (measured: decision 067, Consequences).
   */
  replacePage(page: Page): void {
    this.page = page;
    const variants = this.variants;
    if (variants === null) return;
    const next = {} as NonNullable<LandingFastPath['variants']>;
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const body = page[encoding];
      const headers = [...variants[encoding].headers];
      for (let i = 0; i < headers.length; i += 2) {
        if (headers[i] === 'etag') headers[i + 1] = page.etag;
        else if (headers[i] === 'content-length') headers[i + 1] = String(body.length);
      }
      next[encoding] = { headers, body };
    }
    this.variants = next;
  }

  /** From now on every request goes to Fastify (it answers 503 while closing). */
  close(): void {
    this.closing = true;
  }

  /**
   * Answers `req` when it is a plain `GET /`; returns false (having written nothing) otherwise.
   * `trustProxy`: whether forwarded headers are trusted (then nothing is answered here).
   */
  handle(req: IncomingMessage, res: ServerResponse, trustProxy: boolean): boolean {
    const variants = this.variants;
    if (variants === null || this.closing || trustProxy) return false;
    if (req.url !== '/' || req.method !== 'GET') return false;
    const h = req.headers;
    if (h.cookie !== undefined || h['if-none-match'] !== undefined) return false;
    const variant = variants[this.encodingFor(h['accept-encoding'] ?? '')];
    const userAgent = h['user-agent'];
    if (userAgent && this.isPerson(userAgent))
      this.record(req.socket.remoteAddress ?? '', userAgent, { referrer: h.referer });
    res.writeHead(200, variant.headers);
    res.end(variant.body);
    this.summary.count(200);
    this.served++;
    return true;
  }

  /** The route's choice (@fastify/accept-negotiator), remembered per distinct header (bounded). */
  private encodingFor(accept: string): 'br' | 'gzip' | 'identity' {
    let chosen = this.encodings.get(accept);
    if (chosen === undefined && !this.encodings.has(accept)) {
      chosen = negotiate(accept, ['br', 'gzip', 'identity']) ?? undefined;
      if (this.encodings.size >= CACHE_SIZE) this.encodings.clear();
      this.encodings.set(accept, chosen);
    }
    return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
  }

  /** `!isbot(userAgent)`, remembered per distinct user agent (bounded: a flood of made-up ones only refills it). */
  private isPerson(userAgent: string): boolean {
    let person = this.people.get(userAgent);
    if (person === undefined) {
      person = !isbot(userAgent);
      if (this.people.size >= CACHE_SIZE) this.people.clear();
      this.people.set(userAgent, person);
    }
    return person;
  }
}

/** Entries kept by the two small caches above. */
const CACHE_SIZE = 256;

/** Headers Node writes per response or connection (`Date`, keep-alive), not part of the page's. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Fastify's `serverFactory` with the fast path in front: a plain `GET /` the landing answers
 * (`landing()`, null until the app has one) never reaches Fastify. The server gets the timeouts
 * Fastify sets on a server it creates itself (fastify/lib/server.js).
 */
export function fastPathServer(
  landing: () => LandingFastPath | null,
  trustsProxy: boolean,
): FastifyServerFactory {
  return (handler, rawOptions) => {
    const options = rawOptions as {
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
    };
    const server = http.createServer((req, res) => {
      if (landing()?.handle(req, res, trustsProxy)) return;
      handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}
