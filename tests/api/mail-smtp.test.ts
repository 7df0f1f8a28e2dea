import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contacts, mailQueue } from '../../src/db/schema/index.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

async function addContact(t: TestApp, name: string, email: string) {
  const [row] = await t.database.db.insert(contacts).values({ name, email, message: 'Hi' }).returning();
  return row!;
}

/** The admin's Send Email to contact `id` (`POST /api/admin/contacts/{id}/send-email`). */
function sendEmail(t: TestApp, cookie: string, id: number, payload: { subject: string; content: string }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/contacts/${id}/send-email`,
    headers: { cookie },
    payload,
  });
}

describe('SMTP provider', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Brightlane Studio <info@brightlane.studio>',
      NOTIFY_EMAIL: 'owner@brightlane.studio',
      CONTACT_POW: 'off',
    });
    cookie = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a one-to-one email with proper headers, HTML and text parts, encoded non-ASCII', async () => {
    const c = await addContact(t, 'Zoë Ångström', 'zoe@example.com');
    const res = await sendEmail(t, cookie, c.id, {
      subject: 'Café plan — 🚀 next steps',
      content: '<p>Hello Zoë,</p><p>See the <b>plan</b>.</p>',
    });
    expect(res.statusCode).toBe(201);
    await smtp.waitFor(1);
    const last = smtp.messages.at(-1)!;
    expect(last.envelopeTo).toEqual(['zoe@example.com']);
    const raw = last.raw.toString();
    expect(raw).not.toContain('Café plan'); // non-ASCII header text is MIME-encoded on the wire
    expect(raw).toMatch(/^Date: /m);
    const mail = await last.parsed();
    expect(mail.subject).toBe('Café plan — 🚀 next steps');
    expect(mail.from).toMatchObject({ name: 'Brightlane Studio', address: 'info@brightlane.studio' });
    expect(mail.to?.[0]).toMatchObject({ name: 'Zoë Ångström', address: 'zoe@example.com' });
    expect(mail.messageId).toMatch(/^<.+@.+>$/);
    expect(mail.html).toContain('<b>plan</b>');
    expect(mail.text).toContain('See the plan.');
  });

  it('cannot be made to inject headers through the subject or a name', async () => {
    const c = await addContact(t, 'Eve\r\nBcc: victim@example.com', 'eve@example.com');
    const before = smtp.messages.length;
    const res = await sendEmail(t, cookie, c.id, { subject: 'Hi\r\nBcc: victim@example.com', content: 'x' });
    expect(res.statusCode).toBe(201);
    await smtp.waitFor(before + 1);
    const last = smtp.messages.at(-1)!;
    expect(last.envelopeTo).toEqual(['eve@example.com']);
    expect(last.raw.toString()).not.toMatch(/^Bcc:/im);
  });

  it('notifies the owner of a new lead through the queue', async () => {
    const before = smtp.messages.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Lead <b>Bold</b>',
        email: 'lead@example.com',
        message: 'We need an app',
        phone: '555 0100',
        preferTextAndCall: true,
      },
    });
    expect(res.statusCode).toBe(201);
    await smtp.waitFor(before + 1);
    const mail = await smtp.messages.at(-1)!.parsed();
    expect(smtp.messages.at(-1)!.envelopeTo).toEqual(['owner@brightlane.studio']);
    expect(mail.subject).toBe('New lead: Lead <b>Bold</b>');
    expect(mail.html).toContain('Lead &lt;b&gt;Bold&lt;/b&gt;');
    expect(mail.html).toContain('555 0100');
    expect(mail.html).toContain(`/admin/contacts/${res.json().id}`);
    // The relay has the message a moment before the queue marks its row sent.
    let queued: typeof mailQueue.$inferSelect | undefined;
    for (const until = Date.now() + 5000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      [queued] = await t.database.db.select().from(mailQueue).where(eq(mailQueue.kind, 'lead_notification'));
      if (queued?.status === 'sent') break;
    }
    expect(queued).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('SMTP failures', () => {
  it('reports an authentication failure cleanly (502) and records nothing', async () => {
    const smtp = await startSmtp({
      authOptional: false,
      onAuth(_auth, _session, callback) {
        callback(new Error('Invalid username or password'));
      },
    });
    const t = await createTestApp({ SMTP_URL: `smtp://user:wrong@127.0.0.1:${smtp.port}?ignoreTLS=true` });
    try {
      const cookie = await signIn(t.app);
      const c = await addContact(t, 'Ann', 'ann@example.com');
      const res = await sendEmail(t, cookie, c.id, { subject: 's', content: 'c' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/^SMTP error: .*Invalid username or password/);
      expect((await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n).toBe(0);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('reports a dropped connection cleanly (502)', async () => {
    const dropper = net.createServer((socket) => socket.destroy());
    await new Promise<void>((r) => dropper.listen(0, '127.0.0.1', r));
    const { port } = dropper.address() as net.AddressInfo;
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    try {
      const cookie = await signIn(t.app);
      const c = await addContact(t, 'Bo', 'bo@example.com');
      const res = await sendEmail(t, cookie, c.id, { subject: 's', content: 'c' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/^SMTP error: /);
    } finally {
      await t.close();
      await new Promise((r) => dropper.close(r));
    }
  });

  it('stores a lead at once while SMTP is down and delivers its notification once it is back', async () => {
    const port = await getPort({ host: '127.0.0.1' });
    const t = await createTestApp(
      {
        SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        NOTIFY_EMAIL: 'owner@example.com',
        CONTACT_POW: 'off',
      },
      { app: { mailBackoff: () => 300, mailQueuePollMs: 100 } },
    );
    let smtp: TestSmtp | undefined;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Patient Lead', email: 'patient@example.com', message: 'Call me' },
      });
      expect(res.statusCode).toBe(201);
      const [stored] = await t.database.db.select().from(contacts).where(eq(contacts.id, res.json().id));
      expect(stored?.name).toBe('Patient Lead');

      // Wait until at least one delivery attempt failed.
      const until = Date.now() + 10_000;
      for (;;) {
        const [row] = await t.database.db.select().from(mailQueue);
        if (row && row.attempts >= 1 && row.status === 'pending') {
          expect(row.lastError).toMatch(/SMTP error/);
          break;
        }
        if (Date.now() > until) throw new Error('no failed attempt seen');
        await new Promise((r) => setTimeout(r, 50));
      }

      smtp = await startSmtp({ port });
      await smtp.waitFor(1);
      expect((await smtp.messages[0]!.parsed()).subject).toBe('New lead: Patient Lead');
      const until2 = Date.now() + 5000;
      let row: typeof mailQueue.$inferSelect | undefined;
      do {
        [row] = await t.database.db.select().from(mailQueue);
        if (row?.status === 'sent') break;
        await new Promise((r) => setTimeout(r, 50));
      } while (Date.now() < until2);
      expect(row?.status).toBe('sent');
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await t.close();
      await smtp?.close();
    }
  });
});
