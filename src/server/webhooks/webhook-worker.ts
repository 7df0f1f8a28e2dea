import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';
import { open } from '../crypto/secret-box.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { drainOutbox, WorkerLoop } from '../worker-loop.ts';
import { RefusedAddressError, type Resolve, resolveEndpoint, systemResolve } from './address-check.ts';
import { type QueuedEvent, slackBody, standardBody } from './format-event.ts';

/** How long a delivery is retried after it was queued (decision 066). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Waits after the n-th failed attempt, then the last one again until the window ends. */
const BACKOFF_MS = [5_000, 30_000, 120_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000];
/** Deliveries claimed per pass. */
const BATCH = 10;
/** A `sending` claim older than this is an instance that died mid-send: another may take it. */
const CLAIM_MS = 120_000;

/** The default wait after `attempt` failed attempts (ms). */
export const webhookBackoff = (attempt: number) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length) - 1]!;

/** Associated data of a sealed endpoint secret (the secret box binds it to its purpose). */
export const SECRET_AD = 'webhook-secret';

export interface WebhookWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Key the endpoints' secrets are sealed with. */
  key: Buffer;
  allowPrivate: boolean;
  metrics: AppMetrics;
  resolve?: Resolve;
  /** Wait after the n-th failed attempt (ms). */
  backoff?: (attempt: number) => number;
  /** An attempt with no full answer after this long is a timeout (ms; default 10 s). */
  timeoutMs?: number;
}

type Outcome =
  | { kind: 'delivered'; statusCode: number; durationMs: number }
  | { kind: 'retry'; statusCode: number | null; durationMs: number; error: string }
  | { kind: 'failed'; statusCode: number | null; durationMs: number; error: string };

/**
 * Sends the webhook outbox (decision 066). Each pass claims due deliveries with one UPDATE over a
 * `FOR UPDATE SKIP LOCKED` selection, so with several instances on one PostgreSQL each delivery is
 * sent by one of them; it then POSTs each (Standard Webhooks signature, or a Slack message) to the
 * address it just resolved and checked. A 2xx is delivered; a timeout, a connection error, a 429
 * or a 5xx is tried again with backoff until 24 hours after it was queued; any other answer fails
 * it. An instance that dies mid-send leaves a claim that another takes over after 2 minutes (the
 * same `webhook-id`, so a receiver that saw it can tell).
 */
export class WebhookWorker {
  private readonly loop: WorkerLoop;
  private readonly resolve: Resolve;
  /** How host names are resolved (the endpoint checks on save use the same). */
  get resolver(): Resolve {
    return this.resolve;
  }
  private readonly backoff: (attempt: number) => number;

  constructor(private readonly o: WebhookWorkerOptions) {
    this.resolve = o.resolve ?? systemResolve;
    this.backoff = o.backoff ?? webhookBackoff;
    this.loop = new WorkerLoop({ name: 'webhook sender', log: o.log, pass: (signal) => this.pass(signal) });
  }

  start(intervalMs = 2000): void {
    this.loop.start(intervalMs);
  }

  /** Asks for a pass soon (after an event or a test was queued). */
  nudge(): void {
    this.loop.nudge();
  }

  /** Stops polling; waits for the pass under way at most `deadlineMs`. @returns whether it ended in time. */
  stop(deadlineMs = 4000): Promise<boolean> {
    return this.loop.stop(deadlineMs);
  }

  /** One pass: claims and sends due deliveries until none is due. @returns how many were attempted. */
  pass(signal?: AbortSignal): Promise<number> {
    return drainOutbox(
      () => this.claim(),
      (d) => this.attempt(d),
      signal,
    );
  }

  private async claim() {
    const result = (await this.o.db.execute(sql`
      update webhook_deliveries set status = 'sending', attempts = attempts + 1,
        claimed_until = now() + ${`${CLAIM_MS} milliseconds`}::interval, last_attempt_at = now()
      where id in (
        select id from webhook_deliveries
        where (status = 'pending' and next_attempt_at <= now())
           or (status = 'sending' and claimed_until < now())
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked)
      returning id`)) as unknown as { rows: { id: string | number }[] };
    const ids = result.rows.map((r) => Number(r.id));
    if (ids.length === 0) return [];
    return this.o.db
      .select({
        id: webhookDeliveries.id,
        attempts: webhookDeliveries.attempts,
        createdAt: webhookDeliveries.createdAt,
        url: webhookEndpoints.url,
        format: webhookEndpoints.format,
        secretSealed: webhookEndpoints.secretSealed,
        enabled: webhookEndpoints.enabled,
        type: webhookEvents.type,
        payload: webhookEvents.payload,
        eventAt: webhookEvents.createdAt,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(inArray(webhookDeliveries.id, ids));
  }

  private async attempt(d: Awaited<ReturnType<WebhookWorker['claim']>>[number]): Promise<void> {
    let outcome: Outcome;
    if (!d.enabled)
      outcome = { kind: 'failed', statusCode: null, durationMs: 0, error: 'The endpoint is turned off.' };
    else {
      const event: QueuedEvent = {
        type: d.type,
        payload: d.payload as Record<string, unknown>,
        createdAt: d.eventAt,
      };
      outcome = await this.send(d.id, d.url, d.format, open(this.o.key, d.secretSealed, SECRET_AD), event);
    }
    const expired = Date.now() - d.createdAt.getTime() >= RETRY_WINDOW_MS;
    const status =
      outcome.kind === 'delivered'
        ? 'delivered'
        : outcome.kind === 'retry' && !expired
          ? 'pending'
          : 'failed';
    this.o.metrics.countWebhookAttempt(
      outcome.kind === 'delivered' ? 'delivered' : status === 'pending' ? 'retry' : 'failed',
    );
    const error =
      outcome.kind === 'delivered'
        ? null
        : outcome.kind === 'retry' && expired
          ? `${outcome.error} Gave up: 24 hours after it was queued.`
          : outcome.error;
    await this.o.db
      .update(webhookDeliveries)
      .set({
        status,
        claimedUntil: null,
        lastStatusCode: outcome.statusCode,
        lastDurationMs: outcome.durationMs,
        lastError: error,
        ...(status === 'pending' ? { nextAttemptAt: new Date(Date.now() + this.backoff(d.attempts)) } : {}),
      })
      .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.status, 'sending')));
    if (outcome.kind !== 'delivered') {
      this.o.log.info({ delivery: d.id, status, error }, 'webhook delivery not delivered');
    }
  }

  /** POSTs one delivery to the address resolved and checked now. */
  private async send(
    deliveryId: number,
    rawUrl: string,
    format: 'standard' | 'slack',
    secret: string,
    event: QueuedEvent,
  ): Promise<Outcome> {
    const url = new URL(rawUrl);
    let target: { address: string; family: 4 | 6 };
    try {
      target = await resolveEndpoint(url, this.o.allowPrivate, this.resolve);
    } catch (error) {
      if (error instanceof RefusedAddressError) {
        this.o.metrics.countWebhookAttempt('refused');
        return { kind: 'failed', statusCode: null, durationMs: 0, error: error.message };
      }
      throw error;
    }
    const body = format === 'slack' ? slackBody(event) : standardBody(event);
    const id = `msg_${deliveryId}`;
    const at = new Date();
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'agency-crm-webhooks/1',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    };
    // The socket goes to the address checked above, whatever the name resolves to by then.
    const lookup: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [target] as never);
      else callback(null, target.address, target.family);
    };
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const timeoutMs = this.o.timeoutMs ?? 10_000;
    return new Promise<Outcome>((resolve) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(
        url,
        { method: 'POST', headers, lookup, timeout: timeoutMs, agent: false },
        (response) => {
          // Only the status matters; the body is read (up to a bound) and dropped, never stored.
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > 64 * 1024) response.destroy();
          });
          const done = () => {
            const statusCode = response.statusCode ?? 0;
            const durationMs = elapsed();
            if (statusCode >= 200 && statusCode < 300) resolve({ kind: 'delivered', statusCode, durationMs });
            else if (statusCode >= 500 || statusCode === 429)
              resolve({
                kind: 'retry',
                statusCode,
                durationMs,
                error: `The receiver answered ${statusCode}.`,
              });
            else
              resolve({
                kind: 'failed',
                statusCode,
                durationMs,
                error: `The receiver answered ${statusCode}.`,
              });
          };
          response.on('end', done);
          response.on('close', done);
          response.on('error', done);
        },
      );
      const hardStop = setTimeout(() => request.destroy(new Error('timeout')), timeoutMs);
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error: NodeJS.ErrnoException) => {
        const reason =
          error.message === 'timeout'
            ? `No answer within ${timeoutMs / 1000} s.`
            : `Connection failed (${error.code ?? error.message}).`;
        resolve({ kind: 'retry', statusCode: null, durationMs: elapsed(), error: reason });
      });
      request.on('close', () => clearTimeout(hardStop));
      request.end(body);
    });
  }
}
