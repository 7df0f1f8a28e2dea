import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/server/logging.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * Over a real socket, `GET /` is answered before Fastify (landing-fast-path.ts)
 * with exactly the route's headers and bytes, still counts people's visits, and is summarised in
 * the log instead of two lines per request; API requests keep their lines.
 */

const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** Headers that differ between two responses by nature (time, connection). */
const comparable = (headers: http.IncomingHttpHeaders | Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive'].includes(name.toLowerCase()),
    ),
  );

describe('the landing over a real socket', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let lines: string[] = [];
  let closed = false;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp(
      {},
      { withPages: true, app: { logger: loggerOptions({ level: 'info', stream }) } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    cookie = await signIn(t.app);
  }, 120_000);
  afterAll(async () => {
    if (!closed) await t?.close();
  });

  /** A crawler's `GET /` in `encoding`, once over the socket (the fast path) and once through the route. */
  const socketAndRoute = async (encoding: string) => ({
    socket: await get(`${base}/`, { 'accept-encoding': encoding, 'user-agent': BOT }),
    route: await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': encoding, 'user-agent': BOT },
    }),
  });

  it('sends the route’s own headers and bytes for every encoding, security headers included', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const { socket, route } = await socketAndRoute(encoding);
      expect(socket.status).toBe(200);
      expect(comparable(socket.headers)).toEqual(comparable(route.headers));
      expect(socket.body.equals(route.rawPayload)).toBe(true);
      expect(socket.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(socket.headers['x-content-type-options']).toBe('nosniff');
      expect(socket.headers['strict-transport-security']).toBeUndefined();
    }
    // Conditional requests and query strings still get the route's answers.
    const etag = (await get(`${base}/`, { 'user-agent': BOT })).headers.etag!;
    expect((await get(`${base}/`, { 'if-none-match': etag, 'user-agent': BOT })).status).toBe(304);
    expect((await get(`${base}/?utm_source=mail`, { 'user-agent': BOT })).status).toBe(200);
  });

  it('after a publish, serves the new page with the route’s own headers for every encoding', async () => {
    const admin = { cookie };
    const before = (await get(`${base}/`, { 'user-agent': BOT })).headers.etag;
    const state = (await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: admin })).json();
    const intro = 'Fresh from the editor: مرحبا 🚀 and a line that is longer than before';
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site/draft',
      headers: admin,
      payload: { ...state.draft, hero: { ...state.draft.hero, intro } },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const published = await t.app.inject({ method: 'POST', url: '/api/admin/site/publish', headers: admin });
    expect(published.statusCode, published.body).toBe(200);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const { socket, route } = await socketAndRoute(encoding);
      expect(comparable(socket.headers), encoding).toEqual(comparable(route.headers));
      expect(socket.body.equals(route.rawPayload), encoding).toBe(true);
      expect(socket.headers.etag).not.toBe(before);
    }
    const page = await get(`${base}/`, { 'user-agent': BOT, 'accept-encoding': 'identity' });
    expect(page.body.toString()).toContain('Fresh from the editor');
  });

  it('counts a person’s visit, not a bot’s nor the signed-in admin’s', async () => {
    const analytics = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: { cookie } })).json();
    const before = await analytics();
    await get(`${base}/`, { 'user-agent': PERSON, 'accept-encoding': 'gzip' });
    await get(`${base}/`, { 'user-agent': PERSON });
    await get(`${base}/`, { 'user-agent': BOT });
    await get(`${base}/`, { 'user-agent': PERSON, cookie });
    await get(`${base}/`, {});
    const after = await analytics();
    expect(after.totalVisits - before.totalVisits).toBe(2);
    expect(after.uniqueVisitors - before.uniqueVisitors).toBe(1);
  });

  it('summarises GET / and static files in one line; API requests keep their own lines', async () => {
    lines = [];
    for (let i = 0; i < 5; i++) await get(`${base}/`, { 'user-agent': BOT });
    await get(`${base}/robots.txt`, {});
    await get(`${base}/healthz`, {});
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(logged.filter((l) => l.req?.url === '/')).toEqual([]);
    expect(logged.filter((l) => l.req?.url === '/robots.txt')).toEqual([]);
    expect(logged.filter((l) => l.msg === 'incoming request' && l.req?.url === '/healthz')).toHaveLength(1);
    closed = true;
    await t.close();
    const summary = lines
      .map((line) => JSON.parse(line) as { msg: string; summary?: { requests: number } })
      .find((l) => l.summary);
    expect(summary?.summary?.requests).toBeGreaterThanOrEqual(6);
    expect(summary?.msg).toMatch(/GET \/ and static files: \d+ requests/);
  });
});
