import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The CSRF check on state-changing requests (src/server/plugins/security.ts `isSameOrigin`,
 * docs/decisions/034-same-origin-check.md), header by header, as browsers send them. A forged
 * unsubscribe token is the probe: 404 when the check lets the request through, 403 when it refuses.
 */
const PROBE = '/unsubscribe/1.forged';
const REFUSED = 'Cross-site requests are not allowed.';

async function post(t: TestApp, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: PROBE, headers });
}

describe('same-origin check without APP_URL (loopback demo: the Host header is the site)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('accepts the site itself, a same-origin browser post and header-less clients', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { origin: 'http://localhost' },
      { origin: 'http://localhost:80' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
      // Chromium's form post from a page served with Referrer-Policy: no-referrer.
      { 'sec-fetch-site': 'same-origin', origin: 'null' },
      { 'sec-fetch-site': 'none' },
    ]) {
      const res = await post(t, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it('refuses every cross-site shape, whatever else the request says', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'http://localhost.evil.example' },
      { origin: 'http://localhost:8080' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost' },
      { 'sec-fetch-site': 'cross-site', origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' },
      { 'sec-fetch-site': 'none', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'none', origin: 'null' },
      { origin: 'not a url' },
    ]) {
      const res = await post(t, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toBe(REFUSED);
    }
  });
});

describe('same-origin check with APP_URL on a non-standard port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://crm.agency.example:8443/' });
  });
  afterAll(async () => t.close());

  it("compares Origin with APP_URL's origin, not with the Host a proxy forwarded", async () => {
    // nginx's `Host $host` drops the port: the app sees the bare host name.
    const through = await post(t, { host: 'crm.agency.example', origin: 'https://crm.agency.example:8443' });
    expect(through.statusCode).toBe(404);
    for (const origin of [
      'https://crm.agency.example',
      'http://crm.agency.example:8443',
      'https://evil.example',
      'http://localhost',
    ]) {
      const res = await post(t, { host: 'crm.agency.example', origin });
      expect(res.statusCode, origin).toBe(403);
    }
    // The Host header names no authority any more: a request whose Origin matches a forged Host is refused.
    const forged = await post(t, { host: 'evil.example', origin: 'http://evil.example' });
    expect(forged.statusCode).toBe(403);
  });

  it('an admin JSON write from APP_URL reaches its route; the same from another origin does not', async () => {
    const login = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { host: 'crm.agency.example', origin },
        payload: { username: 'nobody', password: 'wrong password' },
      });
    expect((await login('https://crm.agency.example:8443')).statusCode).toBe(401);
    expect((await login('https://crm.agency.example')).statusCode).toBe(403);
  });
});
