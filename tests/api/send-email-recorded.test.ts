import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contacts } from '../../src/db/schema/index.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * A one-to-one email is recorded (pending) before it is handed to the provider and
 * marked sent after, so a database error can no longer follow a delivered mail, and a mail in the
 * provider's hands is already in the conversation and the daily cap.
 */

describe('one-to-one email is recorded before it leaves', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let cookie: string;
  /** Delay the relay adds before accepting a message (ms), so a send can be watched in flight. */
  let relayDelay = 0;
  /** Messages the relay has started to take (MAIL FROM seen). */
  let inRelay = 0;

  beforeAll(async () => {
    smtp = await startSmtp({
      onMailFrom(_address, _session, callback) {
        inRelay++;
        setTimeout(callback, relayDelay);
      },
    });
    t = await createTestApp({ SMTP_URL: smtp.url, SMTP_RATE_LIMIT: '0', MAIL_DAILY_LIMIT: '1' });
    cookie = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  // One contact per address (decision 019): each test's contact gets its own.
  let made = 0;
  const addContact = async (name: string) =>
    (
      await t.database.db
        .insert(contacts)
        .values({ name, email: `c${++made}@example.com`, message: 'Hi' })
        .returning()
    )[0]!;
  const send = (id: number, subject: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${id}/send-email`,
      headers: { cookie },
      payload: { subject, content: `<p>${subject}</p>` },
    });
  const recorded = async () =>
    Number((await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n);

  it('sends nothing when the record cannot be written (a NUL byte in the subject)', async () => {
    const c = await addContact('Nul Subject');
    const res = await send(c.id, 'Quote\u0000 for you');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages).toHaveLength(0);
    expect(await recorded()).toBe(0);
  });

  it('holds the last free slot of the cap while the provider has the mail: a second send gets 429', async () => {
    relayDelay = 800;
    const c = await addContact('Cap Race');
    const before = inRelay;
    const first = send(c.id, 'First');
    // While the first is in the relay's hands it is in the conversation already.
    const until = Date.now() + 5000;
    while (inRelay === before && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(inRelay).toBe(before + 1);
    const during = await t.app.inject({
      method: 'GET',
      url: `/api/admin/contacts/${c.id}/messages`,
      headers: { cookie },
    });
    expect(during.json().map((m: { subject: string }) => m.subject)).toEqual(['First']);
    const second = await send(c.id, 'Second');
    expect(second.statusCode).toBe(429);
    expect((await first).statusCode).toBe(201);
    expect(smtp.messages).toHaveLength(1);
    const usage = await t.app.inject({ method: 'GET', url: '/api/admin/mail-usage', headers: { cookie } });
    expect(usage.json().sentLast24h).toBe(1);
    relayDelay = 0;
  });
});
