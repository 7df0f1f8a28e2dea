import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials } from '../../src/db/schema/index.ts';
import { changeVaultPassword } from '../../src/server/vault/vault-keys.ts';
import { dumpDatabase } from './helpers/dump.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

const VAULT = 'correct vault password';
const header = (password = VAULT) => ({ 'x-credentials-password': password });

describe('credentials vault', () => {
  let t: TestApp;
  let cookie: string;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    password?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(password === undefined ? header() : password === '' ? {} : header(password)) },
      remoteAddress: '10.7.0.1',
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({ VAULT_PASSWORD: VAULT });
    cookie = await signIn(t.app);
  });
  afterAll(async () => t.close());

  it('refuses every credentials route without the header (401) or with a wrong password (403)', async () => {
    const routes = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/admin/credentials') && r.method !== 'HEAD',
    );
    expect(routes.length).toBe(5);
    for (const route of routes) {
      const url = route.url.replace(':id', '1');
      const payload = route.method === 'POST' || route.method === 'PATCH' ? { companyName: 'X' } : undefined;
      const missing = await call(route.method as 'GET', url, payload, '');
      expect(missing.statusCode, `${route.method} ${url}`).toBe(401);
      const wrong = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { cookie, ...header('not the password') },
        remoteAddress: `10.7.1.${routes.indexOf(route)}`,
        ...(payload ? { payload } : {}),
      });
      expect(wrong.statusCode, `${route.method} ${url}`).toBe(403);
      expect(wrong.json()).toEqual({ error: 'Invalid password' });
      const anonymous = await t.app.inject({ method: route.method as 'GET', url, headers: header() });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('creates, reads, patches (keeping other fields) and deletes with the spec payloads', async () => {
    const created = await call('POST', '/api/admin/credentials', {
      companyName: '  Harbour Goods ',
      email: 'ops@harbour.test',
      password: 'S3cr3t!pass',
      connectors: 'STRIPE_KEY=sk_live_123',
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      companyName: 'Harbour Goods',
      email: 'ops@harbour.test',
      password: 'S3cr3t!pass',
      connectors: 'STRIPE_KEY=sk_live_123',
      notes: null,
    });
    expect((await call('GET', '/api/admin/credentials')).json().map((x: { id: number }) => x.id)).toContain(
      c.id,
    );
    expect((await call('GET', `/api/admin/credentials/${c.id}`)).json()).toEqual(c);

    await new Promise((r) => setTimeout(r, 5));
    const patched = (
      await call('PATCH', `/api/admin/credentials/${c.id}`, { notes: 'Rotate yearly' })
    ).json();
    expect(patched).toMatchObject({
      email: 'ops@harbour.test',
      password: 'S3cr3t!pass',
      notes: 'Rotate yearly',
    });
    expect(Date.parse(patched.updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
    const cleared = (await call('PATCH', `/api/admin/credentials/${c.id}`, { email: '' })).json();
    expect(cleared).toMatchObject({ email: null, password: 'S3cr3t!pass' });

    const blank = await call('POST', '/api/admin/credentials', { companyName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('Company name is required');

    expect((await call('DELETE', `/api/admin/credentials/${c.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/credentials/${c.id}`)).json()).toEqual({
      error: 'Credential not found',
    });
    expect((await call('DELETE', `/api/admin/credentials/${c.id}`)).statusCode).toBe(404);
  });

  it('keeps no secret in clear in the database', async () => {
    const secrets = {
      email: 'vault-email@secret.test',
      password: 'pw-4f9a1c-unique',
      connectors: 'API_KEY=ak_8d7e6f5a',
      notes: 'private note 0x51ab',
    };
    expect(
      (await call('POST', '/api/admin/credentials', { companyName: 'Dump Co', ...secrets })).statusCode,
    ).toBe(201);
    const dump = await dumpDatabase(t.database);
    expect(dump).toContain('Dump Co');
    for (const value of [...Object.values(secrets), VAULT]) expect(dump).not.toContain(value);
  });

  it('gives a clean error when a ciphertext was altered, or moved to another row', async () => {
    const a = (
      await call('POST', '/api/admin/credentials', { companyName: 'Tamper A', password: 'alpha-secret' })
    ).json();
    const b = (
      await call('POST', '/api/admin/credentials', { companyName: 'Tamper B', password: 'beta-secret' })
    ).json();
    const [row] = await t.database.db.select().from(credentials).where(eq(credentials.id, a.id));
    const sealed = row!.passwordEnc!;
    const body = Buffer.from(sealed.split('.')[2]!, 'base64url');
    body[0] = (body[0]! + 1) % 256;
    const altered = `${sealed.split('.').slice(0, 2).join('.')}.${body.toString('base64url')}`;
    await t.database.db.update(credentials).set({ passwordEnc: altered }).where(eq(credentials.id, a.id));
    const res = await call('GET', `/api/admin/credentials/${a.id}`);
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatch(/could not be decrypted: it was altered/);

    await t.database.db.update(credentials).set({ passwordEnc: sealed }).where(eq(credentials.id, b.id));
    expect((await call('GET', `/api/admin/credentials/${b.id}`)).statusCode).toBe(500);
    await t.database.db.delete(credentials).where(eq(credentials.id, a.id));
    await t.database.db.delete(credentials).where(eq(credentials.id, b.id));
  });

  it('changing the vault password keeps every secret readable with the new one and refuses the old', async () => {
    const c = (
      await call('POST', '/api/admin/credentials', { companyName: 'Rotate Co', password: 'keep-me' })
    ).json();
    await changeVaultPassword(t.database.db, VAULT, 'the new vault password');
    t.app.vault.clear();
    expect((await call('GET', '/api/admin/credentials', undefined, VAULT)).statusCode).toBe(403);
    const after = await call('GET', `/api/admin/credentials/${c.id}`, undefined, 'the new vault password');
    expect(after.json().password).toBe('keep-me');
    await changeVaultPassword(t.database.db, 'the new vault password', VAULT);
    t.app.vault.clear();
    await expect(changeVaultPassword(t.database.db, 'wrong', 'x')).rejects.toThrow('Invalid password');
  });

  it('rate limits wrong vault passwords per session and per address (429 with Retry-After)', async () => {
    const other = await signIn(t.app);
    const attempt = (password: string, address: string, session = other) =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/credentials',
        headers: { cookie: session, ...header(password) },
        remoteAddress: address,
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess-${i}`, `10.8.0.${i}`)).statusCode).toBe(403);
    const limited = await attempt('guess-x', '10.8.1.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password is refused for that session until the window passes.
    expect((await attempt(VAULT, '10.8.1.2')).statusCode).toBe(429);
    // Another session from a fresh address is not affected.
    const third = await signIn(t.app);
    expect((await attempt(VAULT, '10.8.2.1', third)).statusCode).toBe(200);
  });
});

describe('vault not set up', () => {
  it('answers 503 with what to do when production has no VAULT_PASSWORD', async () => {
    const t = await createTestApp({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a long admin password' });
    try {
      const cookie = await signIn(t.app, { username: 'owner', password: 'a long admin password' });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/credentials',
        headers: { cookie, ...header() },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatch(/VAULT_PASSWORD/);
    } finally {
      await t.close();
    }
  });
});
