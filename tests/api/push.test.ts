import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contacts, pushMessages, pushSubscriptions, taskReminders } from '../../src/db/schema/index.ts';
import { TaskReminderWorker } from '../../src/server/tasks/task-reminders.ts';
import { ingestReplyFrom } from './helpers/inbound-mail.ts';
import {
  checkVapid,
  makeDevice,
  openMessage,
  type PushService,
  startPushService,
  type TestDevice,
} from './helpers/push-service.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';
import { until } from './helpers/until.ts';

/**
 * Push notifications (decision 071) against a local stand-in push service (HTTPS on loopback): each
 * message is aes128gcm-encrypted for the device (decrypted here with `http_ece`) and carries a VAPID
 * JWT whose ES256 signature verifies with the key the app hands out; queued with the event, a 410
 * or 404 removes the device, held spam is not a new lead. Two instances: push-instances.test.ts.
 */

let t: TestApp;
let cookie: string;
let service: PushService;
const pushResolve = async (host: string) =>
  host === 'push.test' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.1.2.3', family: 4 }];
const FAST = () => ({ pushPollMs: 100, pushBackoff: () => 300, pushResolve, pushCa: service.ca });
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });

async function subscribe(device: TestDevice) {
  const res = await call('POST', '/api/admin/push/subscriptions', device.subscription, {
    'user-agent': CHROME_ANDROID,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; browser: string };
}

let leads = 0;
async function submitLead(app: TestApp['app'], name: string, extra: object = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: `10.8.0.${++leads % 250}`,
    payload: {
      name,
      email: `push${leads}-${Date.now()}@example.com`,
      message: 'We need a new website.',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const to = (device: TestDevice) => service.received.filter((m) => m.path === device.path);
const settle = () => new Promise((r) => setTimeout(r, 800));

beforeAll(async () => {
  service = await startPushService();
  // The app's own morning reminder is off: the test runs one of its own at a known hour.
  t = await createTestApp(
    { WEBHOOK_ALLOW_PRIVATE: 'true', CONTACT_POW: 'false', REMINDER_HOUR: 'off' },
    { app: FAST() },
  );
  cookie = await signIn(t.app);
});
afterEach(async () => {
  await t.database.db.delete(pushSubscriptions);
  service.status = 201;
  service.statusFor = {};
  service.received.length = 0;
  await call('PUT', '/api/admin/push/settings', {
    events: ['lead.created', 'reply.received', 'spam.held', 'task.due'],
  });
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

describe('push notifications', () => {
  it('a new lead sends one encrypted message with a valid VAPID JWT, naming the person only', async () => {
    const { publicKey } = (await call('GET', '/api/admin/push/key')).json();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await call('GET', '/api/admin/push/key')).json().publicKey).toBe(publicKey);
    const device = makeDevice(service);
    const added = await subscribe(device);
    expect(added.browser).toBe('Chrome 131 on Android');

    const id = await submitLead(t.app, 'Anna Schmidt');
    const [message] = await until(
      async () => to(device),
      (m) => m.length >= 1,
    );
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message!.headers.ttl)).toBeGreaterThan(0);
    checkVapid(message!, publicKey, service.origin);
    expect(() => checkVapid(message!, publicKey, 'https://other.test')).toThrow(/aud/);
    expect(openMessage(device, message!)).toEqual({
      title: 'New lead: Anna Schmidt',
      url: `/admin/contacts/${id}`,
      tag: `lead.created:${id}`,
    });
    // Another device's keys cannot read it.
    expect(() => openMessage(makeDevice(service), message!)).toThrow();
    await settle();
    expect(to(device)).toHaveLength(1);
    // Sent messages are not kept; the device shows when it last got one.
    expect(await t.database.db.select().from(pushMessages)).toHaveLength(0);
    const [listed] = (await call('GET', '/api/admin/push/subscriptions')).json();
    expect(listed).toMatchObject({ id: added.id, endpoint: device.subscription.endpoint });
    expect(Date.parse(listed.lastSentAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a lead held as spam is not pushed as a lead; held spam is pushed at most once a day', async () => {
    const device = makeDevice(service);
    await subscribe(device);
    for (const name of ['Bot One', 'Bot Two'])
      await submitLead(t.app, name, { website: 'http://spam.example' });
    const [message] = await until(
      async () => to(device),
      (m) => m.length >= 1,
    );
    await settle();
    expect(to(device)).toHaveLength(1);
    const opened = openMessage(device, message!) as { title: string; url: string };
    expect(opened).toMatchObject({ title: 'A message was held as spam', url: '/admin/contacts?status=spam' });
    expect(JSON.stringify(opened)).not.toContain('Bot');
  });

  it('a 410 or 404 from the push service removes the device; a 5xx is tried again', async () => {
    const gone = makeDevice(service);
    const missing = makeDevice(service);
    const flaky = makeDevice(service);
    await subscribe(gone);
    await subscribe(missing);
    await subscribe(flaky);
    service.statusFor[gone.path] = 410;
    service.statusFor[missing.path] = 404;
    service.statusFor[flaky.path] = 503;
    await submitLead(t.app, 'Carla Retry');
    await until(
      async () => to(flaky).length,
      (n) => n >= 2,
    );
    service.statusFor[flaky.path] = 201;
    await until(
      async () => to(flaky).filter((m) => m.status === 201).length,
      (n) => n === 1,
    );
    const devices = (await call('GET', '/api/admin/push/subscriptions')).json();
    expect(devices.map((d: { endpoint: string }) => d.endpoint)).toEqual([flaky.subscription.endpoint]);
    expect(to(gone)).toHaveLength(1);
    expect(to(missing)).toHaveLength(1);
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    for (const outcome of ['sent', 'gone', 'retry'])
      expect(metrics).toMatch(new RegExp(`push_delivery_attempts_total\\{outcome="${outcome}"\\} [1-9]`));
  });

  it('a reply is pushed; an event turned off is not', async () => {
    const device = makeDevice(service);
    await subscribe(device);
    const res = await call('PUT', '/api/admin/push/settings', { events: ['reply.received'] });
    expect(res.json()).toEqual({ events: ['reply.received'] });
    expect((await call('GET', '/api/admin/push/settings')).json()).toEqual({ events: ['reply.received'] });
    const id = await submitLead(t.app, 'Dora Reply');
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
    const ingested = await ingestReplyFrom(t.database.db, `Dora <${contact!.email}>`);
    expect(ingested.kind).toBe('reply');
    const [message] = await until(
      async () => to(device),
      (m) => m.length >= 1,
    );
    await settle();
    expect(to(device)).toHaveLength(1);
    expect(openMessage(device, message!)).toMatchObject({
      title: 'Reply from Dora Reply',
      url: `/admin/contacts/${id}`,
    });
  });

  it("the morning task reminder pushes the day's count, naming no one", async () => {
    const device = makeDevice(service);
    await subscribe(device);
    const id = await submitLead(t.app, 'Tess Task');
    await t.database.db.delete(pushMessages);
    service.received.length = 0;
    for (const title of ['Call back', 'Send the offer']) {
      const res = await call('POST', '/api/admin/tasks', {
        contactId: id,
        title,
        dueAt: new Date(Date.now() - 3_600_000).toISOString(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // A reminder worker of its own at hour 0 in UTC, on a day no reminder claimed yet.
    await t.database.db.delete(taskReminders);
    const reminders = new TaskReminderWorker({
      db: t.database.db,
      log: t.app.log,
      hour: 0,
      timeZone: 'UTC',
      to: 'owner@example.com',
      siteName: 'Test',
      publicUrl: 'http://localhost',
      queued: () => t.app.push.nudge(),
    });
    expect(await reminders.runOnce()).toBe('queued');
    const [message] = await until(
      async () => to(device),
      (m) => m.length >= 1,
    );
    expect(openMessage(device, message!)).toEqual({
      title: '2 tasks due today',
      url: '/admin',
      tag: 'task.due',
    });
    expect(await reminders.runOnce()).toBe('done');
    await settle();
    expect(to(device)).toHaveLength(1);
  });

  it('erasing a contact deletes the queued notifications naming them', async () => {
    const device = makeDevice(service);
    await subscribe(device);
    service.status = 503;
    const id = await submitLead(t.app, 'Greta Erased');
    await until(
      async () => to(device).length,
      (n) => n >= 1,
    );
    expect((await call('DELETE', `/api/admin/contacts/${id}`)).statusCode).toBe(204);
    const rows = await t.database.db.select().from(pushMessages);
    expect(JSON.stringify(rows)).not.toContain('Greta');
    expect(rows.filter((r) => r.contactId === id)).toHaveLength(0);
  });

  it('Remove and turning off delete the device; the test notification reaches every device', async () => {
    const a = makeDevice(service);
    const b = makeDevice(service);
    const added = await subscribe(a);
    await subscribe(b);
    // The same endpoint again renews its keys: still two devices.
    await subscribe(b);
    expect((await call('GET', '/api/admin/push/subscriptions')).json()).toHaveLength(2);
    const test = await call('POST', '/api/admin/push/test');
    expect(test.statusCode).toBe(202);
    expect(test.json()).toEqual({ queued: 2 });
    await until(
      async () => service.received.length,
      (n) => n >= 2,
    );
    expect(openMessage(b, to(b)[0]!)).toMatchObject({ title: 'Notifications are on' });
    expect((await call('DELETE', `/api/admin/push/subscriptions/${added.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/push/subscriptions/${added.id}`)).statusCode).toBe(404);
    const off = await call('DELETE', '/api/admin/push/subscriptions', { endpoint: b.subscription.endpoint });
    expect(off.statusCode).toBe(204);
    expect((await call('GET', '/api/admin/push/subscriptions')).json()).toEqual([]);
  });

  it('refuses what is not a push subscription, and API tokens', async () => {
    const device = makeDevice(service);
    const bad = [
      { ...device.subscription, endpoint: device.subscription.endpoint.replace('https:', 'http:') },
      { ...device.subscription, endpoint: 'https://user:pw@push.test/x' },
      { ...device.subscription, endpoint: `https://push.test/${'a'.repeat(2100)}` },
      { ...device.subscription, endpoint: 'https://push.test/\u0000' },
      { ...device.subscription, keys: { p256dh: 'x', auth: device.subscription.keys.auth } },
      { ...device.subscription, keys: { p256dh: `A${'B'.repeat(86)}`, auth: device.subscription.keys.auth } },
      // A 'B…' string of the right length that is not an uncompressed point (first byte 0x05).
      {
        ...device.subscription,
        keys: { p256dh: `BQ${'A'.repeat(85)}`, auth: device.subscription.keys.auth },
      },
      { ...device.subscription, keys: { p256dh: device.subscription.keys.p256dh, auth: 'short' } },
      { endpoint: device.subscription.endpoint },
      { ...device.subscription, endpoint: 12 },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/admin/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await call('PUT', '/api/admin/push/settings', { events: ['nope'] })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/push/subscriptions/99999999999')).statusCode).toBe(400);
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(0);
    // Parallel subscriptions of one endpoint end as one device.
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/admin/push/subscriptions', device.subscription)),
    );
    expect(burst.every((r) => r.statusCode === 201)).toBe(true);
    expect((await call('GET', '/api/admin/push/subscriptions')).json()).toHaveLength(1);
    // A token cannot add a device that would get the leads' names.
    const token = await call('POST', '/api/admin/tokens', { name: 'n8n', scope: 'write' });
    const bearer = { authorization: `Bearer ${token.json().token}` };
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/push/key', headers: bearer });
    expect(res.statusCode).toBe(403);
    // Not signed in.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/push/subscriptions' })).statusCode).toBe(
      401,
    );
  });

  it('refuses a push service on a private address unless WEBHOOK_ALLOW_PRIVATE', async () => {
    const strict = await createTestApp({ CONTACT_POW: 'false' }, { app: FAST() });
    try {
      const strictCookie = await signIn(strict.app);
      const device = makeDevice(service);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/push/subscriptions',
        headers: { cookie: strictCookie },
        payload: device.subscription,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/127\.0\.0\.1/);
      for (const endpoint of ['https://169.254.169.254/x', 'https://[::1]/x', 'https://inner.test/x']) {
        const r = await strict.app.inject({
          method: 'POST',
          url: '/api/admin/push/subscriptions',
          headers: { cookie: strictCookie },
          payload: { ...device.subscription, endpoint },
        });
        expect(r.statusCode, endpoint).toBe(400);
      }
    } finally {
      await strict.close();
    }
  });
});

describe('a lead nudges the push worker only when it queued a message', () => {
  it('is pushed at once with a device subscribed, although the next poll is 10 minutes away', async () => {
    const slow = await createTestApp(
      { WEBHOOK_ALLOW_PRIVATE: 'true', CONTACT_POW: 'false', REMINDER_HOUR: 'off' },
      { app: { ...FAST(), pushPollMs: 600_000 } },
    );
    try {
      const device = makeDevice(service);
      const added = await slow.app.inject({
        method: 'POST',
        url: '/api/admin/push/subscriptions',
        headers: { cookie: await signIn(slow.app), 'user-agent': CHROME_ANDROID },
        payload: device.subscription,
      });
      expect(added.statusCode, added.body).toBe(201);
      await settle(); // the pass at start is over: only a nudge brings another
      const started = Date.now();
      await submitLead(slow.app, 'Nudged Lead');
      const [message] = await until(
        async () => to(device),
        (m) => m.length >= 1,
        5_000,
      );
      expect(openMessage(device, message!)).toMatchObject({ title: 'New lead: Nudged Lead' });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
  });
});
