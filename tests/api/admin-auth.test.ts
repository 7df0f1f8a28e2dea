import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * Routes reachable without a session, by design (docs/product.md §12: sign-in, sign-out, the check itself).
 */
const PUBLIC_ADMIN_ROUTES = new Set([
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'GET /api/admin/check',
  // The second sign-in step and passkey sign-in (decision 024): they refuse without their own pending state.
  'POST /api/admin/login/totp',
  'POST /api/admin/login/recovery',
  'POST /api/admin/login/passkey/options',
  'POST /api/admin/login/passkey',
]);

describe('admin sign-in in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '4' });
  });
  afterAll(async () => t.close());

  it('answers 401 on every /api/admin/* and /api/auth/* route without a session (derived from the registered routes)', async () => {
    const guarded = t.app.routeList.filter(
      (r) =>
        (r.url.startsWith('/api/admin/') || r.url.startsWith('/api/auth/')) &&
        r.method !== 'HEAD' &&
        !PUBLIC_ADMIN_ROUTES.has(`${r.method} ${r.url}`),
    );
    expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/auth/google',
        'POST /api/admin/campaigns/:id/send',
        'GET /api/admin/credentials',
      ]),
    );
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${url}`).toBe(401);
      expect(res.json().error).toBe('Please sign in.');
    }
  });

  it('reports not admin and demo mode to a signed-out visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/check' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAdmin: false, demoMode: true });
  });

  it('signs in with the demo pair, sets a hardened cookie, and check turns true', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'demo-admin' },
      remoteAddress: '10.1.0.1',
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/admin/check',
      headers: { cookie: `sid=${cookie?.value}` },
    });
    expect(check.json().isAdmin).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts',
      headers: { cookie: `sid=${cookie?.value}` },
    });
    expect(list.statusCode).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await signIn(t.app);
    const token = cookie.split('=')[1]!;
    const rows = await t.database.db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.tokenHash).not.toContain(token);
  });

  it('refuses a wrong password with 401 and sets no cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'wrong' },
      remoteAddress: '10.1.0.2',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid credentials' });
    expect(res.cookies).toHaveLength(0);
  });

  it('requires username and password (400 naming the field)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin' },
      remoteAddress: '10.1.0.3',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fieldErrors).toHaveProperty('password');
  });

  it('rotates the session at sign-in: the previous token stops working', async () => {
    const first = await signIn(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'demo-admin' },
      headers: { cookie: first },
      remoteAddress: '10.1.0.4',
    });
    expect(res.statusCode).toBe(200);
    const second = `sid=${res.cookies.find((c) => c.name === 'sid')?.value}`;
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: '/api/admin/contacts', headers: { cookie: first } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts',
      headers: { cookie: second },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('logout ends the session server-side and clears the cookie', async () => {
    const cookie = await signIn(t.app);
    const before = (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await t.database.db.select({ n: count() }).from(sessions))[0]!.n).toBe(before - 1);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/contacts', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('rate limits sign-in attempts per address with 429 and Retry-After', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'admin', password: 'guess' },
        remoteAddress: '10.1.9.9',
      });
    for (let i = 0; i < 4; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right pair is refused from that address until the window passes.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'demo-admin' },
      remoteAddress: '10.1.9.9',
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('admin sign-in with configured credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'correct horse battery' });
  });
  afterAll(async () => t.close());

  it('turns demo mode off and refuses the demo pair', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/check' })).json()).toEqual({
      isAdmin: false,
      demoMode: false,
    });
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'demo-admin' },
    });
    expect(demo.statusCode).toBe(401);
  });

  it('accepts the configured pair', async () => {
    const cookie = await signIn(t.app, { username: 'owner', password: 'correct horse battery' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/check', headers: { cookie } });
    expect(res.json().isAdmin).toBe(true);
  });
});
