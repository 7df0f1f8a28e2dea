import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/index.ts';
import { dumpDatabase } from './helpers/dump.ts';
import { type FakeGoogle, startFakeGoogle } from './helpers/google.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

const ACCOUNT = 'owner@agency.test';

describe('Gmail Workspace connection', () => {
  let google: FakeGoogle;
  let t: TestApp;
  let cookie: string;

  // One contact per address (decision 019): every send goes to the same reader.
  let readerId: number | undefined;
  const send = async (subject: string) => {
    readerId ??= (
      await t.database.db
        .insert(contacts)
        .values({ name: 'Gmail Reader', email: 'reader@example.com', message: 'Hi' })
        .returning()
    )[0]!.id;
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${readerId}/send-email`,
      headers: { cookie },
      payload: { subject, content: `<p>${subject}</p>` },
    });
  };
  const status = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/google/status', headers: { cookie } })).json();

  /** Runs the popup's whole flow: start → issuer's /authorize → our callback. */
  async function connect() {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google', headers: { cookie } });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(google.issuerUrl);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe(
      'openid email https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/gmail.readonly',
    );
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    const stateCookie = start.cookies.find((c) => c.name === 'oauth_google')!;
    expect(stateCookie).toMatchObject({ httpOnly: true, path: '/api/auth/google' });

    const issuerAnswer = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(issuerAnswer.headers.get('location')!);
    expect(back.pathname).toBe('/api/auth/google/callback');
    return t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${cookie}; oauth_google=${stateCookie.value}` },
    });
  }

  beforeAll(async () => {
    google = await startFakeGoogle(ACCOUNT);
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: google.issuerUrl,
      GMAIL_API_URL: google.gmailUrl,
      MAIL_FROM: 'Brightlane <info@brightlane.studio>',
    });
    cookie = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('is not connected at first and mail goes to the outbox', async () => {
    expect(await status()).toMatchObject({
      connected: false,
      email: null,
      configured: true,
      provider: 'outbox',
      from: 'info@brightlane.studio',
      // From the configuration (PORT on loopback without APP_URL), never from the request's Host.
      redirectUri: 'http://localhost:3000/api/auth/google/callback',
      dailyLimit: 2000,
    });
  });

  it('refuses a callback without the state cookie of this session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=x&state=y',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/expired or was started elsewhere/);
  });

  it('connects through the authorization-code flow and stores the refresh token encrypted', async () => {
    const res = await connect();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Gmail connected');
    expect(res.body).toContain('window.close()');
    expect(res.headers['content-security-policy']).toContain("script-src 'sha256-");
    expect(await status()).toMatchObject({ connected: true, email: ACCOUNT, provider: 'gmail' });

    expect(google.refreshTokens.length).toBeGreaterThan(0);
    const dump = await dumpDatabase(t.database);
    expect(dump).toContain(ACCOUNT);
    for (const token of google.refreshTokens) expect(dump).not.toContain(token);
  });

  it('sends through the Gmail API with a refreshed access token, then reuses it', async () => {
    // The reply reader (decision 023) shares the token and may have refreshed it already: at most one
    // grant for the first send, none for the second.
    const grantsBefore = google.refreshGrants();
    expect((await send('First through Gmail')).statusCode).toBe(201);
    const grantsAfterFirst = google.refreshGrants();
    expect(grantsAfterFirst - grantsBefore).toBeLessThanOrEqual(1);
    expect((await send('Second through Gmail')).statusCode).toBe(201);
    expect(google.refreshGrants()).toBe(grantsAfterFirst);
    const [first, second] = google.sent.slice(-2);
    expect(first?.mail.subject).toBe('First through Gmail');
    expect(first?.mail.from).toMatchObject({ address: 'info@brightlane.studio' });
    expect(first?.mail.to?.[0]?.address).toBe('reader@example.com');
    expect(first?.mail.html).toContain('<p>First through Gmail</p>');
    expect(second?.token).toBe(first?.token);
  });

  it('refreshes when Gmail refuses the access token, and again once it expires', async () => {
    // Tokens now live 30 s, less than the 60 s safety margin: each one counts as expiring.
    google.setAccessTokenLifetime(30);
    google.expireIssuedTokens();
    await new Promise((r) => setTimeout(r, 1100));
    const grantsBefore = google.refreshGrants();
    expect((await send('Refused token, refreshed')).statusCode).toBe(201);
    expect(google.refreshGrants() - grantsBefore).toBe(1);
    expect((await send('Expiring token')).statusCode).toBe(201);
    expect(google.refreshGrants() - grantsBefore).toBe(2);
    expect(google.sent.at(-1)?.mail.subject).toBe('Expiring token');
  });

  it('turns to not connected with a clear reason when Google revokes the grant', async () => {
    google.revokeNextRefresh();
    const res = await send('After revocation');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/Reconnect Gmail/);
    expect(await status()).toMatchObject({
      connected: false,
      email: ACCOUNT,
      reason: expect.stringMatching(/revoked/),
    });
    // With no live connection the product falls back to the outbox rather than losing mail.
    expect((await status()).provider).toBe('outbox');
    google.setAccessTokenLifetime(3600);

    const again = await connect();
    expect(again.statusCode).toBe(200);
    expect((await status()).connected).toBe(true);
  });

  it('needs the admin session for every route', async () => {
    for (const url of ['/api/auth/google', '/api/auth/google/status', '/api/auth/google/callback']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('Gmail not configured', () => {
  it('explains what to configure instead of failing', async () => {
    const t = await createTestApp();
    try {
      const cookie = await signIn(t.app);
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/google', headers: { cookie } });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('GOOGLE_CLIENT_ID');
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/auth/google/status',
        headers: { cookie },
      });
      expect(status.json()).toMatchObject({ configured: false, connected: false });
    } finally {
      await t.close();
    }
  });
});
