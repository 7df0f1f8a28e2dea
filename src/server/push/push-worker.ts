import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { pushMessages, pushSubscriptions } from '../../db/schema/index.ts';
import type { PushPayload } from '../../shared/push.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import {
  RefusedAddressError,
  type Resolve,
  resolveEndpoint,
  systemResolve,
} from '../webhooks/address-check.ts';
import { RETRY_WINDOW_MS, webhookBackoff } from '../webhooks/webhook-worker.ts';
import { drainOutbox, WorkerLoop } from '../worker-loop.ts';
import type { VapidKeyStore } from './vapid-keys.ts';

/** Messages claimed per pass. */
const BATCH = 20;
/** A `sending` claim older than this is an instance that died mid-send: another may take it. */
const CLAIM_MS = 120_000;
/** How long the push service keeps a message for a device that is offline (s). */
const TTL_S = 24 * 60 * 60;

export interface PushWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  vapid: VapidKeyStore;
  /** VAPID `sub`: the site's https URL, or a mailto: address (RFC 8292 §2.1). */
  subject: string;
  /** Whether push services may be on loopback or private addresses (`WEBHOOK_ALLOW_PRIVATE`). */
  allowPrivate: boolean;
  resolve?: Resolve;
  /** Wait after the n-th failed attempt (ms; default the webhooks' waits). */
  backoff?: (attempt: number) => number;
  /** An attempt with no answer after this long is a timeout (ms; default 10 s). */
  timeoutMs?: number;
  /** Extra trusted certificate authorities (PEM; tests run a local push service). */
  ca?: string;
  metrics?: AppMetrics;
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone'; statusCode: number }
  | { kind: 'retry' | 'failed'; statusCode: number | null; error: string };

type Claimed = Awaited<ReturnType<PushWorker['claim']>>[number];

/**
 * Sends the push outbox (decision 071) on the shared worker loop, as the webhook worker sends its
 * deliveries (decision 066): each pass claims due messages with one UPDATE over a `FOR UPDATE SKIP
 * LOCKED` selection, so of several instances one sends each message. A message is encrypted for
 * its device (aes128gcm, RFC 8291) and signed with the VAPID key (RFC 8292) by `web-push`, then
 * POSTed to the push service's address just resolved and checked (no loopback or private address
 * unless allowed). 2xx: the message is deleted and the device's 'last sent' set. 404 or 410: the
 * browser dropped the subscription, so the device is removed. A timeout, connection error, 429 or
 * 5xx is tried again with backoff for 24 hours; any other answer fails it (its title is blanked).
 */
export class PushWorker {
  private readonly loop: WorkerLoop;
  private readonly resolve: Resolve;
  private readonly backoff: (attempt: number) => number;

  constructor(private readonly o: PushWorkerOptions) {
    this.resolve = o.resolve ?? systemResolve;
    this.backoff = o.backoff ?? webhookBackoff;
    this.loop = new WorkerLoop({ name: 'push sender', log: o.log, pass: (signal) => this.pass(signal) });
  }

  /** How host names are resolved (the subscription check on save uses the same). */
  get resolver(): Resolve {
    return this.resolve;
  }

  start(intervalMs = 2000): void {
    this.loop.start(intervalMs);
  }

  /** Asks for a pass soon (after a notification was queued). */
  nudge(): void {
    this.loop.nudge();
  }

  /** Stops polling; waits for the pass under way at most `deadlineMs`. */
  stop(deadlineMs = 4000): Promise<boolean> {
    return this.loop.stop(deadlineMs);
  }

  /** One pass: claims and sends due messages until none is due. @returns how many were attempted. */
  pass(signal?: AbortSignal): Promise<number> {
    return drainOutbox(
      () => this.claim(),
      (m) => this.attempt(m),
      signal,
    );
  }

  private async claim() {
    const result = (await this.o.db.execute(sql`
      update push_messages set status = 'sending', attempts = attempts + 1,
        claimed_until = now() + ${`${CLAIM_MS} milliseconds`}::interval
      where id in (
        select id from push_messages
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
        id: pushMessages.id,
        subscriptionId: pushMessages.subscriptionId,
        attempts: pushMessages.attempts,
        createdAt: pushMessages.createdAt,
        event: pushMessages.event,
        title: pushMessages.title,
        url: pushMessages.url,
        contactId: pushMessages.contactId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushMessages)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushMessages.subscriptionId))
      .where(inArray(pushMessages.id, ids));
  }

  private async attempt(m: Claimed): Promise<void> {
    const payload: PushPayload = {
      title: m.title,
      url: m.url,
      tag: m.contactId ? `${m.event}:${m.contactId}` : m.event,
    };
    // A message that cannot even be encrypted (a stored key gone bad) fails; it would fail again.
    const outcome = await this.send(m, payload).catch(
      (error: Error): Outcome => ({ kind: 'failed', statusCode: null, error: `Not sent: ${error.message}` }),
    );
    const mine = and(eq(pushMessages.id, m.id), eq(pushMessages.status, 'sending'));
    const expired = Date.now() - m.createdAt.getTime() >= RETRY_WINDOW_MS;
    this.o.metrics?.countPushAttempt(outcome.kind === 'retry' && expired ? 'failed' : outcome.kind);
    if (outcome.kind === 'sent') {
      await this.o.db.transaction(async (tx) => {
        await tx.delete(pushMessages).where(mine);
        await tx
          .update(pushSubscriptions)
          .set({ lastSentAt: sql`now()` })
          .where(eq(pushSubscriptions.id, m.subscriptionId));
      });
      return;
    }
    if (outcome.kind === 'gone') {
      // The browser dropped the subscription (RFC 8030 §7.3): the device goes, with its queue.
      await this.o.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, m.subscriptionId));
      this.o.log.info(
        { subscription: m.subscriptionId, statusCode: outcome.statusCode },
        'push subscription gone: device removed',
      );
      return;
    }
    const status = outcome.kind === 'retry' && !expired ? 'pending' : 'failed';
    const error =
      expired && outcome.kind === 'retry' ? `${outcome.error} Gave up after 24 hours.` : outcome.error;
    await this.o.db
      .update(pushMessages)
      .set({
        status,
        claimedUntil: null,
        lastStatusCode: outcome.statusCode,
        lastError: error,
        ...(status === 'pending'
          ? { nextAttemptAt: new Date(Date.now() + this.backoff(m.attempts)) }
          : { title: '', contactId: null }),
      })
      .where(mine);
    this.o.log.info({ message: m.id, status, error }, 'push message not delivered');
  }

  /** Encrypts, signs and POSTs one message to the address resolved and checked now. */
  private async send(m: Claimed, payload: PushPayload): Promise<Outcome> {
    const url = new URL(m.endpoint);
    if (url.protocol !== 'https:')
      return { kind: 'failed', statusCode: null, error: 'The endpoint is not an https:// URL.' };
    let target: { address: string; family: 4 | 6 };
    try {
      target = await resolveEndpoint(url, this.o.allowPrivate, this.resolve);
    } catch (error) {
      if (error instanceof RefusedAddressError)
        return { kind: 'failed', statusCode: null, error: error.message };
      throw error;
    }
    const keys = await this.o.vapid.get();
    // web-push is loaded with the first message, not at start (1.5 MB of heap idle).
    const { default: webpush } = await import('web-push');
    const details = webpush.generateRequestDetails(
      { endpoint: m.endpoint, keys: { p256dh: m.p256dh, auth: m.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: this.o.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: TTL_S,
      },
    );
    // The socket goes to the address checked above, whatever the name resolves to by then.
    const lookup: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [target] as never);
      else callback(null, target.address, target.family);
    };
    const timeoutMs = this.o.timeoutMs ?? 10_000;
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    return new Promise<Outcome>((resolve) => {
      const request = https.request(
        url,
        {
          method: 'POST',
          headers,
          lookup,
          timeout: timeoutMs,
          agent: false,
          ...(this.o.ca ? { ca: this.o.ca } : {}),
        },
        (response) => {
          // Only the status matters; the answer is read (up to a bound) and dropped.
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > 64 * 1024) response.destroy();
          });
          const done = () => {
            const statusCode = response.statusCode ?? 0;
            if (statusCode >= 200 && statusCode < 300) resolve({ kind: 'sent' });
            else if (statusCode === 404 || statusCode === 410) resolve({ kind: 'gone', statusCode });
            else
              resolve({
                kind: statusCode >= 500 || statusCode === 429 ? 'retry' : 'failed',
                statusCode,
                error: `The push service answered ${statusCode}.`,
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
        resolve({ kind: 'retry', statusCode: null, error: reason });
      });
      request.on('close', () => clearTimeout(hardStop));
      request.end(details.body ?? undefined);
    });
  }
}
