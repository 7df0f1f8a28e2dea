import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { contacts, webhookDeliveries, webhookEvents } from '../../src/db/schema/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { queueWebhookEvent } from '../../src/server/webhooks/queue-event.ts';
import { ingestReplyFrom } from './helpers/inbound-mail.ts';
import { createTestApp, signIn, type TestApp, usingPostgres } from './helpers/test-app.ts';
import { until } from './helpers/until.ts';
import { startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.ts';

/**
 * Outgoing webhooks (decision 066) against a real HTTP receiver on loopback: signed per Standard
 * Webhooks and verified with the `standardwebhooks` package, queued with the event, retried while
 * the receiver is down, delivered once by two instances, refused for inner addresses on save and
 * on delivery, emptied by an erasure.
 */

let t: TestApp;
let cookie: string;
let receiver: WebhookReceiver;
const FAST = { webhookPollMs: 100, webhookBackoff: () => 300, webhookTimeoutMs: 5000, campaignPollMs: 200 };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function addEndpoint(body: object) {
  const res = await call('POST', '/api/admin/webhooks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string };
}

let leads = 0;
async function submitLead(name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: `10.9.0.${++leads}`,
    payload: { name, email: `lead${leads}-${Date.now()}@example.com`, message: 'We need a new website.' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const ofType = (type: string) =>
  receiver.received.filter((r) => r.status < 300 && JSON.parse(r.body).type === type);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', CONTACT_POW: 'false' }, { app: FAST });
  cookie = await signIn(t.app);
});
afterEach(async () => {
  for (const e of (await call('GET', '/api/admin/webhooks')).json())
    await call('DELETE', `/api/admin/webhooks/${e.id}`);
  receiver.status = 204;
  // A test that failed while its receiver was down must not leave the next ones refused.
  if (!receiver.running) await receiver.start();
  receiver.received.length = 0;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('outgoing webhooks', () => {
  it('a lead posts one lead.created the standardwebhooks package verifies', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, events: ['lead.created'], description: 'n8n' });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const id = await submitLead('Anna Schmidt');
    const [hook] = await until(
      async () => ofType('lead.created'),
      (r) => r.length >= 1,
    );
    const verified = new Webhook(endpoint.secret).verify(
      hook!.body,
      hook!.headers as Record<string, string>,
    ) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(verified).toMatchObject({
      type: 'lead.created',
      data: { id, name: 'Anna Schmidt', status: 'new' },
    });
    expect(hook!.headers['webhook-id']).toMatch(/^msg_\d+$/);
    // A wrong secret or a changed body does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(
        hook!.body,
        hook!.headers as Record<string, string>,
      ),
    ).toThrow();
    expect(() =>
      new Webhook(endpoint.secret).verify(
        hook!.body.replace('Anna', 'Eve'),
        hook!.headers as Record<string, string>,
      ),
    ).toThrow();
    await new Promise((r) => setTimeout(r, 800));
    expect(ofType('lead.created')).toHaveLength(1);
    const log = (await call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).json();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      event: 'lead.created',
      status: 'delivered',
      statusCode: 204,
      attempts: 1,
    });
    expect(log[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it('held spam posts nothing; a returning lead is not a new lead', async () => {
    await addEndpoint({ url: receiver.url, events: ['lead.created'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.9.1.1',
      payload: { name: 'Bot', email: 'bot@example.com', message: 'Hi', website: 'http://spam.example' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, res.json().id));
    expect(row!.status).toBe('spam');
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.received).toHaveLength(0);
  });

  it('the receiver refusing connections, then answering 503, then up gets the event once', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, events: ['lead.created'] });
    await receiver.stop();
    await submitLead('Bruno Down');
    const refused = await until(
      async () => (await call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).json(),
      (log) => log[0]?.attempts >= 2,
    );
    // Read between two attempts ('pending') or during the next one ('sending').
    expect(['pending', 'sending']).toContain(refused[0].status);
    expect(refused[0].statusCode).toBeNull();
    expect(refused[0].error).toMatch(/Connection failed/);
    receiver.status = 503;
    await receiver.start();
    await until(
      async () => receiver.received.length,
      (n) => n >= 2,
    );
    const failing = (await call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).json();
    expect(failing[0].status === 'pending' || failing[0].status === 'sending').toBe(true);
    receiver.status = 200;
    const log = await until(
      async () => (await call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).json(),
      (l) => l[0]?.status === 'delivered',
    );
    expect(log[0].statusCode).toBe(200);
    expect(log[0].attempts).toBeGreaterThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 800));
    const ok = receiver.received.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    // Every attempt was the same message (one webhook-id), so a receiver can tell a retry.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('a 4xx answer fails the delivery without retrying; Resend sends it again as a new delivery', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, events: ['lead.created'] });
    receiver.status = 410;
    await submitLead('Carla Gone');
    const log = await until(
      async () => (await call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).json(),
      (l) => l[0]?.status === 'failed',
    );
    expect(log[0]).toMatchObject({ statusCode: 410, attempts: 1 });
    receiver.status = 204;
    const resent = await call('POST', `/api/admin/webhooks/${endpoint.id}/deliveries/${log[0].id}/resend`);
    expect(resent.statusCode).toBe(202);
    await until(
      async () => receiver.received.filter((r) => r.status === 204).length,
      (n) => n === 1,
    );
    const [first, second] = receiver.received;
    expect(JSON.parse(second!.body)).toEqual(JSON.parse(first!.body));
    expect(second!.headers['webhook-id']).not.toBe(first!.headers['webhook-id']);
    expect(
      (await call('POST', `/api/admin/webhooks/${endpoint.id}/deliveries/999999/resend`)).statusCode,
    ).toBe(404);
  });

  it("'Send test' delivers a webhook.test to that endpoint only", async () => {
    const a = await addEndpoint({ url: receiver.url, events: ['lead.created'] });
    await addEndpoint({ url: `${receiver.url}?other`, events: ['lead.created'] });
    const res = await call('POST', `/api/admin/webhooks/${a.id}/test`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ event: 'webhook.test', status: 'pending' });
    await until(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    await new Promise((r) => setTimeout(r, 600));
    expect(receiver.received).toHaveLength(1);
    expect(
      new Webhook(a.secret).verify(
        receiver.received[0]!.body,
        receiver.received[0]!.headers as Record<string, string>,
      ),
    ).toMatchObject({ type: 'webhook.test' });
    expect((await call('POST', '/api/admin/webhooks/999999/test')).statusCode).toBe(404);
  });

  it("the 'Slack' format posts a readable text", async () => {
    await addEndpoint({ url: receiver.url, events: ['lead.created'], format: 'slack' });
    const id = await submitLead('Dora <b>&</b> Co');
    await until(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      text: `New lead: Dora &lt;b&gt;&amp;&lt;/b&gt; Co <http://localhost:3000/admin/contacts/${id}|Open>`,
    });
  });

  it('status changes, clients, campaigns, replies and erasures each post their event', async () => {
    const endpoint = await addEndpoint({
      url: receiver.url,
      events: [
        'contact.status_changed',
        'client.created',
        'campaign.sent',
        'reply.received',
        'contact.erased',
      ],
    });
    const id = await submitLead('Emil Events');
    expect((await call('POST', `/api/admin/contacts/${id}/status`, { status: 'qualified' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/api/admin/clients', { name: 'Fjord AS' })).statusCode).toBe(201);
    const campaign = await call('POST', '/api/admin/campaigns', {
      name: 'Autumn news',
      subject: 'News',
      htmlContent: '<p>Hi</p>',
      recipientIds: [id],
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const sent = await call('POST', `/api/admin/campaigns/${campaign.json().id}/send`, {
      recipientIds: [id],
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, id));
    const ingested = await ingestReplyFrom(t.database.db, `Emil <${contact!.email}>`);
    expect(ingested.kind).toBe('reply');
    await until(
      async () => receiver.received.length,
      (n) => n >= 4,
    );
    expect((await call('DELETE', `/api/admin/contacts/${id}`)).statusCode).toBe(204);
    const types = await until(
      async () => receiver.received.map((r) => JSON.parse(r.body)),
      (b) => b.some((x) => x.type === 'contact.erased'),
    );
    const by = (type: string) => types.filter((b) => b.type === type);
    expect(by('contact.status_changed')[0].data).toMatchObject({
      id,
      status: 'qualified',
      previousStatus: 'new',
    });
    expect(by('client.created')[0].data).toMatchObject({ name: 'Fjord AS' });
    expect(by('campaign.sent')[0].data).toMatchObject({ name: 'Autumn news', sent: 1, failed: 0 });
    expect(by('reply.received')[0].data).toMatchObject({ contactId: id, subject: 'Re: your offer' });
    expect(by('contact.erased')).toEqual([expect.objectContaining({ data: { id } })]);
    const log = (await call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).json();
    expect(log.length).toBeGreaterThanOrEqual(5);
  });

  it("erasing a contact empties their events' payloads and cancels their queued deliveries", async () => {
    const endpoint = await addEndpoint({ url: receiver.url, events: ['lead.created'] });
    receiver.status = 503;
    const id = await submitLead('Greta Erased');
    await until(
      async () => receiver.received.length,
      (n) => n >= 1,
    );
    expect((await call('DELETE', `/api/admin/contacts/${id}`)).statusCode).toBe(204);
    const log = (await call('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`)).json();
    expect(log[0]).toMatchObject({ status: 'failed', error: 'Cancelled: the contact was erased.' });
    expect(log[0].body).not.toContain('Greta');
    const rows = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.contactId, id));
    expect(JSON.stringify(rows)).not.toContain('Greta');
    const count = receiver.received.length;
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.received.length).toBe(count);
  });

  it('refuses bad endpoints with 400 and writes nothing', async () => {
    for (const body of [
      { url: 'ftp://example.com/x', events: ['lead.created'] },
      { url: 'http://user:pw@example.com/x', events: ['lead.created'] },
      { url: 'not a url', events: ['lead.created'] },
      { url: `https://example.com/${'x'.repeat(2000)}`, events: ['lead.created'] },
      { url: 'https://example.com/x', events: [] },
      { url: 'https://example.com/x', events: ['lead.deleted'] },
      { url: 'https://example.com/x', events: ['lead.created'], format: 'teams' },
      { url: 'https://exa\u0000mple.com/x', events: ['lead.created'] },
    ]) {
      const res = await call('POST', '/api/admin/webhooks', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await call('GET', '/api/admin/webhooks')).json()).toEqual([]);
    expect((await call('PATCH', '/api/admin/webhooks/999999', { enabled: false })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/webhooks/999999')).statusCode).toBe(404);
  });

  it('a turned-off endpoint gets nothing; PATCH changes events and description', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, events: ['lead.created'] });
    const off = await call('PATCH', `/api/admin/webhooks/${endpoint.id}`, {
      enabled: false,
      description: '🚀 مرحبا',
    });
    expect(off.json()).toMatchObject({ enabled: false, description: '🚀 مرحبا' });
    await submitLead('Hugo Off');
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.received).toHaveLength(0);
  });
});

describe('webhook addresses (WEBHOOK_ALLOW_PRIVATE off)', () => {
  it('refuses inner addresses when saved, and on delivery after the DNS answer changes', async () => {
    const dns = new Map<string, string>([['hooks.example', '93.184.216.34']]);
    const strict = await createTestApp(
      { CONTACT_POW: 'false' },
      {
        app: {
          ...FAST,
          webhookResolve: async (host) => {
            const address = dns.get(host);
            if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
            return [{ address, family: address.includes(':') ? 6 : 4 }];
          },
        },
      },
    );
    try {
      const c = await signIn(strict.app);
      const post = (url: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/admin/webhooks',
          headers: { cookie: c },
          payload: { url, events: ['lead.created'] },
        });
      for (const url of [
        receiver.url,
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:8080/x',
        'http://[::ffff:127.0.0.1]/x',
        'http://10.0.0.5/x',
        'http://192.168.1.10/x',
        'http://[fd00:ec2::254]/x',
        'http://0.0.0.0/x',
        'http://2130706433/x',
        'http://nowhere.example/x',
      ]) {
        const res = await post(url);
        expect(res.statusCode, url).toBe(400);
      }
      const saved = await post('http://hooks.example:9/x');
      expect(saved.statusCode, saved.body).toBe(201);
      // The name now answers a loopback address (DNS rebinding): the delivery is refused.
      dns.set('hooks.example', '127.0.0.1');
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.8.0.1',
        payload: { name: 'Ivo Rebind', email: 'ivo@example.com', message: 'Hello there' },
      });
      expect(res.statusCode).toBe(201);
      const log = await until(
        async () =>
          (
            await strict.app.inject({
              method: 'GET',
              url: `/api/admin/webhooks/${saved.json().id}/deliveries`,
              headers: { cookie: c },
            })
          ).json(),
        (l) => l[0]?.status === 'failed',
      );
      expect(log[0].error).toMatch(/127\.0\.0\.1/);
      expect(log[0].statusCode).toBeNull();
      const metrics = (await strict.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toContain('webhook_delivery_attempts_total{outcome="refused"} 1');
    } finally {
      await strict.close();
    }
  });
});

describe('two instances on one database', () => {
  it('deliver each event once', async () => {
    const endpoint = await addEndpoint({ url: receiver.url, events: ['lead.created'] });
    // A second app on the same database: its own pool on PostgreSQL; on the embedded database the
    // same instance (one process owns it), still two workers racing for the same rows.
    const second: Database = usingPostgres
      ? await openDatabase({ databaseUrl: t.database.url!, maxConnections: 4 })
      : { ...t.database, close: async () => {} };
    // The same data folder: the same generated app secret, so B opens A's sealed endpoint secret.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, WEBHOOK_ALLOW_PRIVATE: 'true' });
    const b = await buildApp({ config, database: second, pages: null, ...FAST, webhookPollMs: 50 });
    await b.ready();
    try {
      await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < 40; i++)
          await queueWebhookEvent(tx as never, 'lead.created', { id: i, name: `Lead ${i}` });
      });
      t.app.webhooks.nudge();
      b.webhooks.nudge();
      await until(
        async () => receiver.received.length,
        (n) => n >= 40,
        60_000,
      );
      await new Promise((r) => setTimeout(r, 1000));
      expect(receiver.received).toHaveLength(40);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(40);
      const rows = await t.database.db
        .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(rows).toHaveLength(40);
      expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
    } finally {
      await b.close();
      await second.close();
    }
  });
});

describe('a lead nudges the webhook sender only when it queued a delivery', () => {
  it('is posted at once to a subscribed endpoint, although the next poll is 10 minutes away', async () => {
    const slow = await createTestApp(
      { WEBHOOK_ALLOW_PRIVATE: 'true', CONTACT_POW: 'false' },
      { app: { ...FAST, webhookPollMs: 600_000 } },
    );
    try {
      const added = await slow.app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        headers: { cookie: await signIn(slow.app) },
        payload: { url: receiver.url, events: ['lead.created'] },
      });
      expect(added.statusCode, added.body).toBe(201);
      await new Promise((r) => setTimeout(r, 800)); // the pass at start is over
      const started = Date.now();
      const res = await slow.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.9.1.1',
        payload: { name: 'Nudged Lead', email: 'nudged.lead@example.com', message: 'A shop, please.' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const [hook] = await until(
        async () => ofType('lead.created'),
        (hooks) => hooks.length >= 1,
        5_000,
      );
      expect(JSON.parse(hook!.body).data.name).toBe('Nudged Lead');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
  });
});
