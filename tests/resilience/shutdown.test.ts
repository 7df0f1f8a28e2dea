import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, mailQueue } from '../../src/db/schema/index.ts';
import { killAllServers, signInTo, startServer } from '../api/helpers/server-process.ts';
import { startSmtp, type TestSmtp } from '../api/helpers/smtp.ts';
import { allContactIds, createServerStore, flood, type ServerStore } from './helpers/load.ts';

/**
 * Stopping the server under a flood. SIGTERM must end the process within 10 s with
 * nothing acknowledged lost and the queued mail still queued for the next start; SIGKILL must lose
 * nothing that was acknowledged either. Real server processes, a real SMTP server, the relay paced
 * as in production (10 messages/s), so the mail queue is busy when the signal arrives.
 */

let smtp: TestSmtp;
const stores: ServerStore[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(async () => {
  killAllServers();
  await smtp.close();
  for (const store of stores) await store.remove();
});

async function newStore() {
  const store = await createServerStore();
  stores.push(store);
  return {
    store,
    env: {
      ...store.env,
      SMTP_URL: smtp.url,
      CONTACT_RATE_LIMIT: '100000',
      NOTIFY_EMAIL: 'owner@example.com',
      APP_URL: 'https://agency.example',
    },
  };
}

/** Floods `url` and sends `signal` to the server `afterMs` into the flood; the flood ends when the server is gone. */
async function floodThenSignal(
  server: Awaited<ReturnType<typeof startServer>>,
  tag: string,
  signal: NodeJS.Signals,
  afterMs: number,
) {
  const stop = new AbortController();
  const running = flood({
    url: server.url,
    tag,
    concurrency: 16,
    maxRequests: 100_000,
    maxMs: 60_000,
    stop: stop.signal,
  });
  await new Promise((r) => setTimeout(r, afterMs));
  const sentAt = Date.now();
  server.child.kill(signal);
  const code = await server.exited;
  const exitMs = Date.now() - sentAt;
  stop.abort();
  return { result: await running, code, exitMs };
}

/** Every contact id and the status of its lead notification, read from the stopped server's database. */
async function notificationStatuses(store: ServerStore) {
  const database = await store.open();
  try {
    const contactRows = await database.db.select({ id: contacts.id }).from(contacts);
    const queued = await database.db
      .select({ entry: mailQueue.digestEntryText, status: mailQueue.status })
      .from(mailQueue)
      .where(eq(mailQueue.kind, 'lead_notification'));
    const digests = await database.db
      .select({ status: mailQueue.status })
      .from(mailQueue)
      .where(eq(mailQueue.kind, 'lead_digest'));
    return {
      contactIds: new Set(contactRows.map((r) => r.id)),
      notification: new Map(
        queued.map((r) => [Number(/\/admin\/contacts\/(\d+)$/.exec(r.entry ?? '')?.[1]), r.status]),
      ),
      digestStatuses: digests.map((r) => r.status as string),
    };
  } finally {
    await database.close();
  }
}

describe('stopping under load', () => {
  it('SIGTERM during a flood exits within 10 s, keeps every acknowledged lead and leaves queued mail queued', async () => {
    const { store, env } = await newStore();
    const server = await startServer(env);
    const { result, code, exitMs } = await floodThenSignal(server, 'term', 'SIGTERM', 8000);
    console.log(
      `SIGTERM: ${result.acknowledged.length} leads acknowledged in the burst; exit ${code} after ${exitMs} ms; ` +
        `answers ${JSON.stringify(result.statuses)}`,
    );
    expect(exitMs).toBeLessThanOrEqual(10_000);
    expect(code).toBe(0);
    expect(result.acknowledged.length).toBeGreaterThan(100);

    const state = await notificationStatuses(store);
    expect(result.acknowledged.filter((id) => !state.contactIds.has(id))).toEqual([]);
    // Every lead's notification is queued, sent or in a digest; a clean stop leaves nothing half-sent.
    for (const id of result.acknowledged)
      expect(['pending', 'sent', 'digested']).toContain(state.notification.get(id));
    expect(state.digestStatuses.filter((s) => s !== 'pending' && s !== 'sent')).toEqual([]);
    const queuedBefore = [...state.notification.values()].filter((s) => s === 'pending').length;

    // After a restart the leads are listed and the mail still waiting is still there to send.
    const again = await startServer(env);
    const ids = await listedContactIds(again.url);
    expect(result.acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    const after = await notificationStatuses(store);
    const queuedAfter = [...after.notification.values()].filter((s) => s === 'pending').length;
    const digestedOrSent = [...after.notification.values()].filter((s) => s !== 'pending').length;
    expect(queuedAfter + digestedOrSent).toBe(after.notification.size);
    expect(after.notification.size).toBe(state.notification.size);
    console.log(`SIGTERM: ${queuedBefore} notifications queued at the stop, ${queuedAfter} after a restart`);
  });

  it('SIGKILL during a flood loses no acknowledged lead and no notification', async () => {
    const { store, env } = await newStore();
    const server = await startServer(env);
    const { result, code } = await floodThenSignal(server, 'kill', 'SIGKILL', 5000);
    expect(code).toBeNull();
    expect(result.acknowledged.length).toBeGreaterThan(50);

    // The restart recovers what the killed process held (PGlite: at once), then stops cleanly.
    const again = await startServer(env);
    const ids = await listedContactIds(again.url);
    expect(result.acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const state = await notificationStatuses(store);
    const allowed = process.env.TEST_DATABASE_URL
      ? ['pending', 'sending', 'sent', 'digested'] // PostgreSQL: a killed send is retried after 10 minutes
      : ['pending', 'sent', 'digested'];
    for (const id of result.acknowledged) expect(allowed).toContain(state.notification.get(id));
    console.log(
      `SIGKILL: ${result.acknowledged.length} leads acknowledged before the kill, all present after the restart`,
    );
  });
});

/** The ids of every contact the admin list shows on the server at `url` (signed in as the demo admin). */
async function listedContactIds(url: string): Promise<Set<number>> {
  const cookie = await signInTo(url);
  return allContactIds(url, cookie);
}
