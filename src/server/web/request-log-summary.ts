import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

/**
 * Request logging for a busy page (decision 027): two JSON lines per `GET /` or static file
 * cost more than sending the page, so those requests are counted and logged as one summary line per
 * interval instead ("`GET /` and static files: N requests, M errors"); API requests, the admin shell,
 * 404s and every failed request (status ≥ 500) keep their own lines.
 */

/** How often the summary line is written when something was served (ms). */
export const SUMMARY_INTERVAL_MS = 60_000;

/**
 * True for requests that are summarised rather than logged one by one: `GET`/`HEAD` of `/` (with
 * or without a query string) and of the hashed assets and other public files. `url` is the raw
 * request target.
 */
export function isSummarisedPath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?', 1)[0] ?? '';
  if (path === '/') return true;
  if (path.startsWith('/api/') || path.startsWith('/admin') || path.startsWith('/unsubscribe')) return false;
  // Hashed assets and the few public files (robots.txt, icons, sitemap.xml): one segment or /assets/.
  return (
    path.startsWith('/assets/') ||
    /^\/[\w.-]+\.(?:txt|xml|ico|png|svg|webmanifest|jpg|webp|mp4|webm)$/.test(path)
  );
}

/** Counts of summarised requests, written by {@link RequestLogSummary.flush}. */
export class RequestLogSummary {
  private served = 0;
  private failed = 0;
  private timer: NodeJS.Timeout | undefined;
  private log: FastifyBaseLogger | undefined;

  /** Counts one summarised response; `status` ≥ 400 counts as an error as well. */
  count(status: number): void {
    this.served++;
    if (status >= 400) this.failed++;
  }

  /** Writes a line every `intervalMs` through `log` (info) while there is something to report. */
  start(log: FastifyBaseLogger, intervalMs = SUMMARY_INTERVAL_MS): void {
    this.log = log;
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Writes the pending counts (if any) and resets them; also called on shutdown. */
  flush(): void {
    if (this.served === 0 || !this.log) return;
    this.log.info(
      { summary: { requests: this.served, errors: this.failed } },
      `GET / and static files: ${this.served} requests (not logged one by one)`,
    );
    this.served = 0;
    this.failed = 0;
  }

  stop(): void {
    clearInterval(this.timer);
    this.flush();
  }
}

/**
 * Fastify's request logging with {@link isSummarisedPath} requests counted into `summary` instead
 * of logged: no "incoming request"/"request completed" lines for them unless they failed (≥ 500).
 */
export class SummarisingLogController extends LogController {
  constructor(private readonly summary: RequestLogSummary) {
    super({});
  }

  override incomingRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (isSummarisedPath(request.method, request.url)) return;
    super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (isSummarisedPath(request.method, request.url) && !error && reply.statusCode < 500) {
      this.summary.count(reply.statusCode);
      return;
    }
    super.requestCompleted(error, request, reply, metadata);
  }
}
