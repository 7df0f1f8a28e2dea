import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetHeaders } from '../../src/server/plugins/security.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The security headers helmet decides, taken once at start (decision 030), on every kind of
 * response: an API answer, a refused request, an error and a page.
 */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const EXPECTED = {
    'content-security-policy': expect.stringContaining("default-src 'self';"),
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('go out on API answers, refusals and errors, without HSTS over plain HTTP', async () => {
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/api/admin/contacts' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        payload: '{}',
      }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 403]);
    for (const res of responses) {
      expect(res.headers).toMatchObject(EXPECTED);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('are the ones helmet sets for the same options, each once', () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
    });
    const names = headers.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.fromEntries(headers)).toMatchObject({
      'content-security-policy': "default-src 'self'",
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(() => helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: {} } })).toThrow();
  });
});
