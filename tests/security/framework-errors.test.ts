import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../api/helpers/test-app.ts';

/**
 * Refusals made by the framework itself, before any route runs (a path parameter over the router's
 * limit, a path that does not decode, a request Node's parser refuses), answer in the app's one
 * error shape `{ "error": … }` and never repeat what was sent (docs/product.md §12.1).
 */

const MARK = 'zq<script>alert(1)</script>';

describe('framework errors', () => {
  let t: TestApp;
  let cookie: string;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t.app);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const expectErrorOnly = (body: string) => {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['error']);
    expect(parsed.error).toEqual(expect.any(String));
    expect(body).not.toMatch(/zq|xxxxxxxx|script|%E0/i);
  };

  it('a 300-character id on every route with a path parameter: 414 { error }, the path not echoed', async () => {
    const routes = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && r.url.includes(':') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const long = `${'x'.repeat(300)}${encodeURIComponent(MARK)}`;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[A-Za-z]+/g, long),
        headers: { cookie, 'content-type': 'application/json' },
        payload: route.method === 'GET' ? undefined : '{}',
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(414);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectErrorOnly(res.body);
    }
  });

  it('a path that does not decode: 400 { error }, not echoed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/contacts/%E0%A4%A${MARK}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expectErrorOnly(res.body);
  });

  it('an unknown method or a body Fastify refuses: { error } only', async () => {
    const answers = [
      await t.app.inject({ method: 'PROPFIND', url: `/api/contact?${MARK}` }),
      await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: MARK,
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: `{"name": "${MARK}`,
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expectErrorOnly(res.body);
    }
  });

  /** One raw request over a socket (what Node's HTTP parser refuses never reaches inject). */
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const { port } = new URL(url);
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (c) => (answer += c));
      socket.on('end', () => resolve(answer));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  it('a request Node refuses (a very long URL, huge headers, garbage): { error }, not echoed', async () => {
    const cases: [string, number][] = [
      [`GET /${'x'.repeat(20_000)}${MARK} HTTP/1.1\r\nHost: a\r\n\r\n`, 431],
      [`GET / HTTP/1.1\r\nHost: a\r\nX-Big: ${'x'.repeat(20_000)}${MARK}\r\n\r\n`, 431],
      [`GET /${MARK} HTTP/1.1\r\nHost: a\r\nContent-Length: zq\r\n\r\n`, 400],
      [`${MARK}\r\n\r\n`, 400],
    ];
    for (const [request, status] of cases) {
      const answer = await raw(request);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head, request.slice(0, 40)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head).toMatch(/content-type: application\/json/i);
      expectErrorOnly(body!);
    }
  });
});
