import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { freshPostgresDatabase, type ScratchDatabase } from '../api/helpers/postgres-database.ts';

/**
 * Second-factor guessing is limited per account, across routes, addresses and instances (decision
 * 033): two app instances on one PostgreSQL database, the owner's password known to the attacker,
 * wrong TOTP and recovery codes from ten addresses spread over both instances and both routes.
 * After 10 wrong codes in 15 minutes the second step is locked for 15 minutes whatever the address
 * (the right code too); parallel guesses never get more than 10 checks.
 */

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'owner', password: 'a long owner password' };
const APP_SECRET = randomBytes(32).toString('base64');

describe('per-account second-factor lockout across two instances on PostgreSQL', () => {
  let scratch: ScratchDatabase | undefined;
  const databases: Database[] = [];
  const apps: App[] = [];
  const dataDirs: string[] = [];
  let secret: string;
  let next = 0;
  /** A fresh client address per call: no per-address limit can be what answers 429. */
  const freshAddress = () => `10.77.${Math.floor(next / 250)}.${(next++ % 250) + 1}`;

  /** The password step on `app` from `address`: the pending cookie. */
  async function passwordStep(app: App, address: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: ADMIN,
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.cookies.find((c) => c.name === 'sid_pending');
    return `sid_pending=${pending!.value}`;
  }
  async function secondStep(app: App, route: 'totp' | 'recovery', code: string, address = freshAddress()) {
    const cookie = await passwordStep(app, address);
    return app.inject({
      method: 'POST',
      url: `/api/admin/login/${route}`,
      headers: { cookie },
      payload: { code },
      remoteAddress: address,
    });
  }
  const codeNow = () => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });

  beforeAll(async () => {
    scratch = await freshPostgresDatabase(SERVER_URL, 'lockout');
    const url = new URL(scratch.url);
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-lockout-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: url.toString(),
        APP_SECRET,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOGIN_RATE_LIMIT: '1000',
        APP_URL: 'http://localhost:3000',
      });
      const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 4 });
      databases.push(database);
      const app = await buildApp({ config, database, pages: null });
      await app.ready();
      apps.push(app);
    }
    // The owner turns the authenticator app on through instance A.
    const [a] = apps;
    const login = await a!.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const post = (url: string, payload?: object) =>
      a!.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect((await post('/api/admin/security/step-up', { password: ADMIN.password })).statusCode).toBe(200);
    secret = (await post('/api/admin/security/totp')).json().secret;
    expect((await post('/api/admin/security/totp/confirm', { code: codeNow() })).statusCode).toBe(200);
  });

  afterAll(async () => {
    vi.useRealTimers();
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('10 wrong codes over both instances, both routes and ten addresses lock the second step for 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await secondStep(
        apps[i % 2]!,
        i % 4 < 2 ? 'totp' : 'recovery',
        i % 4 < 2 ? '000000' : 'AAAAA-AAAAA',
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));

    // The 11th wrong code, and the right one, from new addresses on either instance: locked.
    const eleventh = await secondStep(apps[1]!, 'recovery', 'BBBBB-BBBBB');
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const right = await secondStep(apps[0]!, 'totp', codeNow());
    expect(right.statusCode, right.body).toBe(429);
    expect(right.json().error).toMatch(/locked for 15 minutes/);

    // 14 minutes on: still locked. 15 minutes after the 10th wrong code: the right code signs in.
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect((await secondStep(apps[1]!, 'totp', codeNow())).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 61_000);
    const open = await secondStep(apps[1]!, 'totp', codeNow());
    expect(open.statusCode, open.body).toBe(200);
  });

  it('30 parallel wrong codes across both instances: at most 10 are checked, the rest get 429', async () => {
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const pending = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const address = freshAddress();
        return { app: apps[i % 2]!, address, cookie: await passwordStep(apps[i % 2]!, address) };
      }),
    );
    const results = await Promise.all(
      pending.map(({ app, address, cookie }, i) =>
        app.inject({
          method: 'POST',
          url: `/api/admin/login/${i % 3 === 0 ? 'recovery' : 'totp'}`,
          headers: { cookie },
          payload: { code: i % 3 === 0 ? 'CCCCC-CCCCC' : '111111' },
          remoteAddress: address,
        }),
      ),
    );
    const counts: Record<number, number> = {};
    for (const r of results) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 401: 10, 429: 20 });
  });
});
