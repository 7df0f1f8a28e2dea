import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../src/db/schema/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * `GET /metrics` (decision 043): Prometheus text through prom-client, loopback only unless a
 * bearer token is configured, the landing's fast path counted without going through Fastify.
 */

/** The value of the sample `name{labels}` in a text exposition, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}

const lead = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We need a booking site for our bakery.',
};

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // Without the form's proof of work a lead is quarantined as spam and notifies nobody.
    t = await createTestApp({ MAIL_DAILY_LIMIT: '1500', CONTACT_POW: 'off' }, { withPages: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('answers loopback in the Prometheus text format with the app figures', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: lead,
      remoteAddress: '10.1.2.3',
    });
    expect(posted.statusCode).toBe(201);
    await t.database.db.insert(campaigns).values({
      name: 'Spring',
      subject: 'Hello',
      htmlContent: '<p>Hi</p>',
      status: 'sending',
      recipientCount: 10,
      sentCount: 4,
      failedCount: 1,
      pendingCount: 5,
    });
    // The lead's notification goes out through the outbox; wait until the provider took it.
    let text = '';
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      text = await res.text();
      if (sample(text, 'mail_sent_total') === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/contact',
        status_code: '201',
      }),
    ).toBe(1);
    expect(sample(text, 'mail_sent_total')).toBe(1);
    expect(sample(text, 'mail_failed_total')).toBe(0);
    expect(sample(text, 'mail_queue_messages', { status: 'pending' })).toBe(0);
    expect(sample(text, 'mail_daily_cap_used')).toBe(1);
    expect(sample(text, 'mail_daily_cap_limit')).toBe(1500);
    expect(sample(text, 'campaigns', { status: 'sending' })).toBe(1);
    expect(sample(text, 'campaign_recipients', { status: 'sent' })).toBe(4);
    expect(sample(text, 'campaign_recipients', { status: 'pending' })).toBe(5);
    expect(sample(text, 'campaign_recipients', { status: 'failed' })).toBe(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts the landing served before the router, once per request', async () => {
    const routed = (text: string) =>
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/', status_code: '200' });
    const before = await (await fetch(`${base}/metrics`)).text();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/`, { headers: { 'user-agent': 'Mozilla/5.0' } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const after = await (await fetch(`${base}/metrics`)).text();
    expect(sample(after, 'http_landing_requests_total')).toBe(
      (sample(before, 'http_landing_requests_total') ?? 0) + 3,
    );
    // The fast path never reached Fastify (its route only answered the start-up header capture).
    expect(routed(after)).toBe(routed(before));
  });

  it('labels paths no route has as (unmatched), never by the raw path', async () => {
    const probe = `/wp-admin/${'x'.repeat(50)}-${Date.now()}`;
    expect((await t.app.inject({ url: probe })).statusCode).toBe(404);
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(text).not.toContain(probe);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '(unmatched)', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('refuses anyone beyond loopback, and loopback requests that came through a proxy', async () => {
    const remote = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().error).toMatch(/loopback only; set METRICS_TOKEN/);
    expect(remote.body).not.toContain('nodejs_');
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const proxied = await t.app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { [header]: header === 'forwarded' ? 'for=198.51.100.7' : '198.51.100.7' },
      });
      expect(proxied.statusCode, header).toBe(403);
    }
    // IPv6 loopback and the IPv4-mapped form are local.
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ url: '/metrics', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'm3tr1cs-t0ken-0123456789abcdefghijklmnop';
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token });
  });
  afterAll(async () => t?.close());

  it('answers the token from anywhere and nothing else, not even loopback', async () => {
    const ok = await t.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE http_request_duration_seconds histogram');
    for (const authorization of [
      undefined,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
      `Basic ${token}`,
      `Bearer ${token} ${token}`,
      'Bearer \u0000',
    ]) {
      const res = await t.app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().error).toBe('Metrics need the bearer token set in METRICS_TOKEN');
    }
  });

  it('refuses a short or spaced token at start-up, naming the key', () => {
    for (const METRICS_TOKEN of ['short', `${'a'.repeat(20)} ${'b'.repeat(20)}`]) {
      expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN })).toThrow(
        /METRICS_TOKEN: must be at least 32/,
      );
    }
  });
});
