import { createHash, timingSafeEqual } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { campaigns, mailQueue } from '../../db/schema/index.ts';
import type { Mailer } from '../mail/create-mailer.ts';
import { countSentLast24h } from '../mail/mail-usage.ts';

/**
 * The app's Prometheus metrics (`GET /metrics`, text exposition format 0.0.4, through
 * `prom-client`; decision 043). One registry per app, not prom-client's global one, so several
 * apps in one process (the tests) keep their own counts.
 *
 * - `http_request_duration_seconds{method,route,status_code}`: a histogram of every request
 *   Fastify answers, by route template (`/api/admin/contacts/:id`; `(unmatched)` for paths no
 *   route has, so scanners cannot blow up the label set). Its `_count` is the request count.
 * - `http_landing_requests_total`: the plain `GET /` answered before Fastify
 *   (landing-fast-path.ts, decisions 027/031): counted with one integer increment, no timing.
 * - `api_token_requests_total{outcome}`: admin API calls made with an API token (decision 065).
 * - `webhook_delivery_attempts_total{outcome}`: outgoing webhook attempts (decision 066).
 * - `push_delivery_attempts_total{outcome}`: push notification attempts (decision 071).
 * - `mail_sent_total` / `mail_failed_total`: messages the mail provider took or refused in this
 *   process (every kind: notifications, one-to-one, campaigns).
 * - `mail_queue_messages{status}`: the queue's pending, sending and failed messages.
 * - `campaigns{status}` and `campaign_recipients{campaign_id,status}` (campaigns now sending:
 *   pending, sent, failed of each): campaign progress.
 * - `mail_daily_cap_used` / `mail_daily_cap_limit`: the rolling 24-hour sending cap.
 * - Node's and the process's own (prom-client's default metrics): `nodejs_eventloop_lag_*`,
 *   `process_resident_memory_bytes`, `nodejs_heap_size_used_bytes`, GC, handles, CPU.
 *
 * The database figures are read when scraped (a handful of indexed counts), so they are the
 * database's truth across instances; the counters are per process, as Prometheus expects.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly mailSent: Counter;
  private readonly mailFailed: Counter;
  private readonly tokenRequests: Counter<'outcome'>;
  private readonly webhookAttempts: Counter<'outcome'>;
  private readonly pushAttempts: Counter<'outcome'>;

  constructor(o: { db: Db; dailyLimit: number; landingServed: () => number }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests answered by the API and page routes, by route template and status',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    let landingReported = 0;
    new Counter({
      name: 'http_landing_requests_total',
      help: 'Plain GET / answered from memory before the router (not in the histogram)',
      registers,
      collect() {
        const served = o.landingServed();
        this.inc(served - landingReported);
        landingReported = served;
      },
    });
    this.mailSent = new Counter({
      name: 'mail_sent_total',
      help: 'Messages the mail provider took (notifications, one-to-one emails, campaigns)',
      registers,
    });
    this.mailFailed = new Counter({
      name: 'mail_failed_total',
      help: 'Messages the mail provider refused or could not be reached for (each attempt)',
      registers,
    });
    this.tokenRequests = new Counter({
      name: 'api_token_requests_total',
      help: 'Admin API calls made with an API token, by outcome (accepted, invalid, refused, rate_limited)',
      labelNames: ['outcome'],
      registers,
    });
    this.webhookAttempts = new Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts made by this process, by outcome (delivered, retry, failed, refused)',
      labelNames: ['outcome'],
      registers,
    });
    this.pushAttempts = new Counter({
      name: 'push_delivery_attempts_total',
      help: 'Push notification attempts made by this process, by outcome (sent, gone, retry, failed)',
      labelNames: ['outcome'],
      registers,
    });
    new Gauge({
      name: 'mail_queue_messages',
      help: 'Queued notifications and emails by status (sent ones are not counted)',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await o.db
          .select({ status: mailQueue.status, count: sql<string>`count(*)` })
          .from(mailQueue)
          .where(inArray(mailQueue.status, ['pending', 'sending', 'failed']))
          .groupBy(mailQueue.status);
        this.reset();
        for (const status of ['pending', 'sending', 'failed']) {
          this.set({ status }, Number(rows.find((r) => r.status === status)?.count ?? 0));
        }
      },
    });
    new Gauge({
      name: 'campaigns',
      help: 'Campaigns by status',
      labelNames: ['status'],
      registers,
      async collect() {
        const rows = await o.db
          .select({ status: campaigns.status, count: sql<string>`count(*)` })
          .from(campaigns)
          .groupBy(campaigns.status);
        this.reset();
        for (const status of ['draft', 'sending', 'sent']) {
          this.set({ status }, Number(rows.find((r) => r.status === status)?.count ?? 0));
        }
      },
    });
    new Gauge({
      name: 'campaign_recipients',
      help: 'Recipients of each campaign now sending, by status',
      labelNames: ['campaign_id', 'status'],
      registers,
      async collect() {
        const rows = await o.db
          .select({
            id: campaigns.id,
            total: campaigns.recipientCount,
            pending: campaigns.pendingCount,
            sent: campaigns.sentCount,
            failed: campaigns.failedCount,
          })
          .from(campaigns)
          .where(eq(campaigns.status, 'sending'));
        this.reset();
        for (const row of rows) {
          const campaign_id = String(row.id);
          this.set({ campaign_id, status: 'total' }, row.total);
          this.set({ campaign_id, status: 'pending' }, row.pending);
          this.set({ campaign_id, status: 'sent' }, row.sent);
          this.set({ campaign_id, status: 'failed' }, row.failed);
        }
      },
    });
    new Gauge({
      name: 'mail_daily_cap_used',
      help: 'Messages sent in the rolling 24 hours the daily cap counts (MAIL_DAILY_LIMIT)',
      registers,
      async collect() {
        this.set(await countSentLast24h(o.db));
      },
    });
    new Gauge({
      name: 'mail_daily_cap_limit',
      help: 'The daily cap (MAIL_DAILY_LIMIT): messages per rolling 24 hours',
      registers,
    }).set(o.dailyLimit);
  }

  /** Records one answered request; `route` is Fastify's route template, undefined when none matched. */
  observeRequest(method: string, route: string | undefined, statusCode: number, elapsedMs: number): void {
    this.httpDuration.observe(
      { method, route: route ?? '(unmatched)', status_code: statusCode },
      elapsedMs / 1000,
    );
  }

  /** Counts one API-token call: accepted, invalid (unknown/expired), refused (scope) or rate_limited. */
  countTokenRequest(outcome: 'accepted' | 'invalid' | 'refused' | 'rate_limited'): void {
    this.tokenRequests.inc({ outcome });
  }

  /** Counts one webhook delivery attempt by its outcome (webhooks/webhook-worker.ts). */
  countWebhookAttempt(outcome: 'delivered' | 'retry' | 'failed' | 'refused'): void {
    this.webhookAttempts.inc({ outcome });
  }

  /** Counts one push notification attempt by its outcome (push/push-worker.ts). */
  countPushAttempt(outcome: 'sent' | 'gone' | 'retry' | 'failed'): void {
    this.pushAttempts.inc({ outcome });
  }

  /** `mailer` with every send counted as sent or failed (no extra query: the label-free count). */
  countSends(mailer: Mailer): Mailer {
    return {
      ...mailer,
      send: async (message, options) => {
        try {
          const sent = await mailer.send(message, options);
          this.mailSent.inc();
          return sent;
        } catch (error) {
          this.mailFailed.inc();
          throw error;
        }
      },
    };
  }
}

/**
 * Whether a scrape may read the metrics (decision 043): with `token` set, only a request carrying
 * `Authorization: Bearer <token>` (compared in constant time); without it, only a request from
 * loopback that came through no proxy (no forwarding header: a proxy on the same machine would
 * make every visitor look local). `clientAddress` is Fastify's `request.ip` (TRUST_PROXY applied).
 */
export function mayReadMetrics(
  token: string | undefined,
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
): 'allowed' | 'token needed' | 'loopback only' {
  if (token !== undefined) {
    const given = /^Bearer ([^\s]+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
    return given !== undefined && sameSecret(given, token) ? 'allowed' : 'token needed';
  }
  const forwarded = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some(
    (h) => request.headers[h] !== undefined,
  );
  return !forwarded && isLoopback(request.ip) ? 'allowed' : 'loopback only';
}

function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
