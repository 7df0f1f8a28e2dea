import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type ScratchDatabase } from '../api/helpers/postgres-database.ts';
import { killAllServers, type ServerProcess, startServer } from '../api/helpers/server-process.ts';
import { type Nginx, startNginx } from './helpers/nginx.ts';

/**
 * Rate limits hold across instances (decision 038): two app processes on one PostgreSQL database
 * behind a real nginx balancing round robin, configured as the README says (TRUST_PROXY=1). The
 * sign-in limit (LOGIN_RATE_LIMIT 10 per 15 minutes) allows 10 wrong attempts in total, and the
 * 11th is refused whichever instance gets it; the contact form (CONTACT_RATE_LIMIT 5) and wrong
 * vault passwords (10 per session and address) are counted once for both instances too.
 */

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'owner', password: 'a long owner password' };
const VAULT = 'the vault password for limits';

async function send(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('limits shared by two instances behind nginx on one PostgreSQL', { timeout: 180_000 }, () => {
  let scratch: ScratchDatabase | undefined;
  const dataDirs: string[] = [];
  const apps: ServerProcess[] = [];
  let proxy: Nginx;

  beforeAll(async () => {
    scratch = await freshPostgresDatabase(SERVER_URL, 'limits');
    const url = new URL(scratch.url);
    const appSecret = randomBytes(32).toString('base64');
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-limits-'));
      dataDirs.push(dataDir);
      apps.push(
        await startServer({
          DATA_DIR: dataDir,
          DATABASE_URL: url.toString(),
          APP_SECRET: appSecret,
          ADMIN_USERNAME: ADMIN.username,
          ADMIN_PASSWORD: ADMIN.password,
          VAULT_PASSWORD: VAULT,
          APP_URL: 'https://agency.example',
          TRUST_PROXY: '1',
          LOGIN_RATE_LIMIT: '10',
          CONTACT_RATE_LIMIT: '5',
        }),
      );
    }
    proxy = await startNginx(apps.map((a) => a.url));
  });

  afterAll(async () => {
    await proxy?.stop();
    killAllServers();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('sign-in: 10 wrong attempts in total over both instances, the 11th refused whichever instance gets it', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      statuses.push(
        (await send(proxy.url, 'POST', '/api/admin/login', { ...ADMIN, password: `guess ${i}` })).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // Round robin: both instances refused wrong passwords themselves.
    for (const app of apps) expect(app.output()).toContain('admin sign-in failed');
    // Straight to each instance (the same client address as through the proxy): 429 on both,
    // the right password included.
    for (const app of apps) {
      const direct = await send(app.url, 'POST', '/api/admin/login', ADMIN);
      expect(direct.status).toBe(429);
      expect(Number(direct.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('contact form: 5 leads in total from one address, then 429 on either instance', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await send(proxy.url, 'POST', '/api/contact', {
        name: `Lead ${i}`,
        email: `lead${i}@example.com`,
        message: 'Hello',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(5).fill(201), 429, 429, 429]);
  });

  it('vault: 10 wrong passwords in total for one session over both instances, then 429', async () => {
    // Another client address (the proxy hop is trusted, so its X-Forwarded-For names the client).
    const client = { 'x-forwarded-for': '198.51.100.23' };
    const res = await fetch(`${apps[0]!.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...client },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = apps[i % 2]!;
      const guess = await send(app.url, 'GET', '/api/admin/credentials', undefined, {
        ...client,
        cookie,
        'x-credentials-password': `wrong ${i}`,
      });
      statuses.push(guess.status);
    }
    expect(statuses).toEqual([...Array(10).fill(403), 429, 429]);
    const right = await send(apps[1]!.url, 'GET', '/api/admin/credentials', undefined, {
      ...client,
      cookie,
      'x-credentials-password': VAULT,
    });
    expect(right.status).toBe(429);
  });
});
