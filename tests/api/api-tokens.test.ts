import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../../src/db/schema/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * Personal API tokens (decision 065): shown once and stored as a hash, 'read' and 'write' scopes,
 * revoke, expiry, the routes they may not call, the CSRF rule with and without a cookie, the rate
 * limit and its count in /metrics, and the OpenAPI's bearer scheme.
 */

let t: TestApp;
let cookie: string;

const CROSS_SITE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };

async function makeToken(body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/tokens',
    headers: { cookie },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; token: string; scope: string; expiresAt: string | null };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp({}, { app: { tokenCallsPerMinute: 40 } });
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

describe('API tokens', () => {
  it('answers the token once and keeps only its hash; the list never shows it', async () => {
    const made = await makeToken({ name: 'Zapier', scope: 'read' });
    expect(made.token).toMatch(/^crm_[A-Za-z0-9_-]{43}$/);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/tokens', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.token);
    const entry = list.json().find((x: { id: number }) => x.id === made.id);
    expect(entry).toMatchObject({ name: 'Zapier', scope: 'read', expiresAt: null, lastUsedAt: null });
    expect(entry).not.toHaveProperty('token');
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a 'read' token reads but cannot change; a 'write' token can; last used is recorded", async () => {
    const read = await makeToken({ name: 'Sheet', scope: 'read' });
    const write = await makeToken({ name: 'n8n', scope: 'write' });
    const got = await t.app.inject({ method: 'GET', url: '/api/admin/tags', headers: bearer(read.token) });
    expect(got.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tags',
      headers: bearer(read.token),
      payload: { name: 'From a read token', color: '#112233' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/only read/);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tags',
      headers: bearer(write.token),
      payload: { name: 'From a write token', color: '#112233' },
    });
    expect(made.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, read.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('needs no CSRF check with a bearer token; a cookie request still does', async () => {
    const write = await makeToken({ name: 'Script', scope: 'write' });
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tags',
      headers: { ...bearer(write.token), ...CROSS_SITE },
      payload: { name: 'Cross-site by token', color: '#123456' },
    });
    expect(withToken.statusCode).toBe(201);
    const withCookie = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tags',
      headers: { cookie, ...CROSS_SITE },
      payload: { name: 'Cross-site by cookie', color: '#123456' },
    });
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json().error).toMatch(/Cross-site/);
  });

  it('a bearer request is the token alone: a valid cookie does not rescue a bad token', async () => {
    for (const authorization of ['Bearer crm_nope', 'Bearer ', 'bearer', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/tags',
        headers: { cookie, authorization, ...CROSS_SITE },
        payload: { name: 'Should not exist', color: '#123456' },
      });
      expect(res.statusCode, authorization.slice(0, 20)).toBe(401);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/tags', headers: { cookie } });
    expect(list.body).not.toContain('Should not exist');
  });

  it('the scheme is case-insensitive; other schemes are not tokens', async () => {
    const read = await makeToken({ name: 'Case', scope: 'read' });
    const lower = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tags',
      headers: { authorization: `bearer   ${read.token}` },
    });
    expect(lower.statusCode).toBe(200);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/admin/tags',
      headers: { authorization: `Basic ${Buffer.from('admin:demo-admin').toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('a revoked token and an expired token answer 401', async () => {
    const made = await makeToken({ name: 'Soon gone', scope: 'write' });
    const ok = await t.app.inject({ method: 'GET', url: '/api/admin/contacts', headers: bearer(made.token) });
    expect(ok.statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/tokens/${made.id}`,
      headers: { cookie },
    });
    expect(revoked.statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts',
      headers: bearer(made.token),
    });
    expect(after.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/tokens/${made.id}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);

    const expiring = await makeToken({
      name: 'Expiring',
      scope: 'read',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(expiring.expiresAt).not.toBeNull();
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts',
      headers: bearer(expiring.token),
    });
    expect(before.statusCode).toBe(200);
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts',
      headers: bearer(expiring.token),
    });
    expect(expired.statusCode).toBe(401);
  });

  it('refuses bad token input with 400 and writes nothing', async () => {
    const before = (await t.database.db.select().from(apiTokens)).length;
    for (const payload of [
      { name: '', scope: 'read' },
      { name: 'x'.repeat(81), scope: 'read' },
      { name: 'Ok', scope: 'admin' },
      { name: 'Ok', scope: 'read', expiresAt: '2000-01-01T00:00:00Z' },
      { name: 'Ok', scope: 'read', expiresAt: 'tomorrow' },
      { name: 'Ok', scope: 'read', expiresAt: '+010000-01-01T00:00:00Z' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/tokens',
        headers: { cookie },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const emoji = await makeToken({ name: '🔑 Zapier ‏مرحبا\nline', scope: 'read' });
    expect(emoji.id).toBeGreaterThan(0);
    expect((await t.database.db.select().from(apiTokens)).length).toBe(before + 1);
  });

  it('cannot open the vault, sign-in security or the tokens themselves', async () => {
    const write = await makeToken({ name: 'Too far', scope: 'write' });
    for (const [method, url] of [
      ['GET', '/api/admin/credentials'],
      ['GET', '/api/admin/security'],
      ['GET', '/api/admin/security/sessions'],
      ['GET', '/api/admin/tokens'],
      ['POST', '/api/admin/tokens'],
      ['DELETE', `/api/admin/tokens/${write.id}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(write.token),
        ...(method === 'POST' ? { payload: { name: 'minted', scope: 'write' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // A cross-site request with the owner's cookie and any Bearer header skips the origin check,
    // so the cookie must not count on these routes either: refused, nothing made.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tokens',
      headers: { cookie, authorization: 'Bearer anything', ...CROSS_SITE },
      payload: { name: 'minted', scope: 'write' },
    });
    expect(forged.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/api/admin/tags', headers: bearer(write.token) });
    expect(still.statusCode).toBe(200);
    const minted = (await t.database.db.select().from(apiTokens)).filter((r) => r.name === 'minted');
    expect(minted).toEqual([]);
  });

  it('a token without a session cookie is no session: the check answers signed out', async () => {
    const read = await makeToken({ name: 'Check', scope: 'read' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/check', headers: bearer(read.token) });
    expect(res.json()).toMatchObject({ isAdmin: false });
  });

  it('the OpenAPI declares the bearer scheme on the routes that take it, not on the vault or tokens', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie } })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/admin/contacts'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/admin/credentials'].get.security).toEqual([{ session: [], vaultPassword: [] }]);
    expect(doc.paths['/api/admin/tokens'].post.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/admin/tokens'].post.responses).toHaveProperty('201');
  });
});

describe('API token rate limit', () => {
  it('answers 429 with Retry-After past the limit, per token, and counts it in /metrics', async () => {
    const limited = await createTestApp({}, { app: { tokenCallsPerMinute: 5 } });
    try {
      const c = await signIn(limited.app);
      const make = async (name: string) =>
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/admin/tokens',
            headers: { cookie: c },
            payload: { name, scope: 'read' },
          })
        ).json().token as string;
      const a = await make('A');
      const b = await make('B');
      const codes = await Promise.all(
        Array.from({ length: 8 }, () =>
          limited.app.inject({ method: 'GET', url: '/api/admin/tags', headers: bearer(a) }),
        ),
      );
      expect(codes.filter((r) => r.statusCode === 200)).toHaveLength(5);
      const refused = codes.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(3);
      expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
      const other = await limited.app.inject({ method: 'GET', url: '/api/admin/tags', headers: bearer(b) });
      expect(other.statusCode).toBe(200);
      const cookieCall = await limited.app.inject({
        method: 'GET',
        url: '/api/admin/tags',
        headers: { cookie: c },
      });
      expect(cookieCall.statusCode).toBe(200);
      await limited.app.inject({ method: 'GET', url: '/api/admin/tags', headers: bearer('crm_unknown') });
      const metrics = (await limited.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toContain('api_token_requests_total{outcome="accepted"} 6');
      expect(metrics).toContain('api_token_requests_total{outcome="rate_limited"} 3');
      expect(metrics).toContain('api_token_requests_total{outcome="invalid"} 1');
    } finally {
      await limited.close();
    }
  });
});
