import getPort from 'get-port';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, signInTo, startServer } from '../api/helpers/server-process.ts';
import { startSmtp, type TestSmtp } from '../api/helpers/smtp.ts';
import { createServerStore, leadBody, type ServerStore, waitUntil } from './helpers/load.ts';

/**
 * The mail provider goes down and comes back. Leads keep being stored at once,
 * their notifications (a few on their own, then a digest) wait and go out when the relay is back,
 * each once; a one-to-one email during the outage is refused (502) and leaves nothing in the
 * conversation or the cap, and goes through afterwards.
 */

let smtp: TestSmtp | undefined;
let store: ServerStore | undefined;

afterAll(async () => {
  killAllServers();
  await smtp?.close();
  await store?.remove();
});

describe('mail provider down, then up', () => {
  it('loses no notification and records no email that was not sent', async () => {
    const port = await getPort({ host: '127.0.0.1' });
    store = await createServerStore();
    const server = await startServer({
      ...store.env,
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      CONTACT_RATE_LIMIT: '100000',
      CONTACT_POW: 'off',
      NOTIFY_EMAIL: 'owner@example.com',
      APP_URL: 'https://agency.example',
    });
    const cookie = await signInTo(server.url);
    const api = (path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const post = async (i: number) => {
      const res = await api('/api/contact', leadBody('down', i));
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };

    // Three leads: each gets its own notification, which fails while the relay is down.
    const ids = [await post(0), await post(1), await post(2)];
    const refused = await api(`/api/admin/contacts/${ids[0]}/send-email`, {
      subject: 'Hello',
      content: '<p>Hi</p>',
    });
    expect(refused.status).toBe(502);
    expect(await (await api(`/api/admin/contacts/${ids[0]}/messages`)).json()).toEqual([]);
    expect(((await (await api('/api/admin/mail-usage')).json()) as { sentLast24h: number }).sentLast24h).toBe(
      0,
    );

    // Ten more at once: collapsed into a digest, which waits too.
    ids.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => post(3 + i)))));

    smtp = await startSmtp({ port });
    const notified = new Map<number, number>();
    await waitUntil('every lead notified after the relay came back', 120_000, async () => {
      notified.clear();
      for (const message of smtp!.messages) {
        const text = (await message.parsed()).text ?? '';
        for (const m of text.matchAll(/\/admin\/contacts\/(\d+)/g)) {
          notified.set(Number(m[1]), (notified.get(Number(m[1])) ?? 0) + 1);
        }
      }
      return ids.every((id) => notified.has(id));
    });
    expect(ids.map((id) => notified.get(id))).toEqual(ids.map(() => 1));
    expect(smtp.messages.length).toBeLessThanOrEqual(ids.length);

    // The email refused during the outage goes through now, recorded once.
    const sent = await api(`/api/admin/contacts/${ids[0]}/send-email`, {
      subject: 'Hello',
      content: '<p>Hi</p>',
    });
    expect(sent.status).toBe(201);
    const thread = (await (await api(`/api/admin/contacts/${ids[0]}/messages`)).json()) as {
      subject: string;
    }[];
    expect(thread.map((m) => m.subject)).toEqual(['Hello']);
    const usage = (await (await api('/api/admin/mail-usage')).json()) as { sentLast24h: number };
    expect(usage.sentLast24h).toBe(smtp.messages.length);
    console.log(
      `provider down/up: ${ids.length} leads, ${smtp.messages.length} messages after the relay came back`,
    );
  });
});
