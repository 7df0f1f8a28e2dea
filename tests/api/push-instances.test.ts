import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import {
  checkVapid,
  makeDevice,
  openMessage,
  type PushService,
  startPushService,
} from './helpers/push-service.ts';
import { openTestDatabase, signIn, usingPostgres } from './helpers/test-app.ts';
import { until } from './helpers/until.ts';

/**
 * Push notifications (decision 071) from two app instances on one database: both make the same
 * VAPID key pair when they start together on an empty database, and each new lead reaches the
 * device once (the outbox is claimed with FOR UPDATE SKIP LOCKED). On the embedded database the
 * second instance shares the first's connection (one process owns it): still two workers racing.
 */

let service: PushService;
const pushResolve = async (host: string) =>
  host === 'push.test' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.1.2.3', family: 4 }];
const FAST = () => ({ pushPollMs: 100, pushBackoff: () => 300, pushResolve, pushCa: service.ca });

beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service?.close();
});

let leads = 0;
async function submitLead(app: App, name: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: `10.7.0.${++leads % 250}`,
    payload: { name, email: `twice${leads}-${Date.now()}@example.com`, message: 'We need a new website.' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const to = (device: ReturnType<typeof makeDevice>) => service.received.filter((m) => m.path === device.path);

describe('two instances on one database', () => {
  // Migrating a fresh embedded database and starting two apps takes most of the time: under a
  // loaded machine that passed the default 30 s.
  it('make the same VAPID keys on a first start together, and push each new lead once', {
    timeout: 120_000,
  }, async () => {
    // A fresh database, so both instances start without keys; the same APP_SECRET, as required.
    const first = await openTestDatabase();
    const second: Database =
      usingPostgres && first.url
        ? await openDatabase({ databaseUrl: first.url, maxConnections: 4 })
        : { ...first, close: async () => {} };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-instances-'));
    const env = {
      NODE_ENV: 'test',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      CONTACT_POW: 'false',
      APP_SECRET: 'p'.repeat(40),
    };
    const a = await buildApp({
      config: loadConfig({ ...env, DATA_DIR: dataDir }),
      database: first,
      pages: null,
      ...FAST(),
    });
    const b = await buildApp({
      config: loadConfig({ ...env, DATA_DIR: dataDir }),
      database: second,
      pages: null,
      ...FAST(),
      pushPollMs: 50,
    });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const [ka, kb] = await Promise.all([a.vapidKeys.get(), b.vapidKeys.get()]);
      expect(ka.publicKey).toBe(kb.publicKey);
      expect(ka.privateKey).toBe(kb.privateKey);
      const device = makeDevice(service);
      const aCookie = await signIn(a);
      const res = await a.inject({
        method: 'POST',
        url: '/api/admin/push/subscriptions',
        headers: { cookie: aCookie },
        payload: device.subscription,
      });
      expect(res.statusCode, res.body).toBe(201);
      const names = Array.from({ length: 12 }, (_, i) => `Lead ${i}`);
      await Promise.all(names.map((name, i) => submitLead(i % 2 ? a : b, name)));
      a.push.nudge();
      b.push.nudge();
      await until(
        async () => to(device).length,
        (n) => n >= names.length,
        60_000,
      );
      await new Promise((r) => setTimeout(r, 800));
      expect(to(device)).toHaveLength(names.length);
      const titles = to(device).map((m) => (openMessage(device, m) as { title: string }).title);
      expect(new Set(titles)).toEqual(new Set(names.map((n) => `New lead: ${n}`)));
      for (const m of to(device)) checkVapid(m, ka.publicKey, service.origin);
    } finally {
      await a.close();
      await b.close();
      await second.close();
      await first.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
