import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contacts, mailboxSync } from '../../src/db/schema/index.ts';
import { saveGmailConnection } from '../../src/server/mail/gmail/gmail-connection.ts';
import { GmailReader } from '../../src/server/mail/gmail/gmail-reader.ts';
import { type FakeGoogle, startFakeGoogle } from './helpers/google.ts';
import { composeReply } from './helpers/inbound-mail.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * Replies read from the connected Gmail account through the Gmail API (the
 * suite's stand-in, extended with profile, history and messages): connected through the real
 * OAuth flow with the read scope; history from the stored id; an expired history id falls back
 * to a bounded re-scan that stores nothing twice; an account connected before reading was asked
 * for keeps sending and says 'Reconnect to receive replies' (readsReplies false), and is not read.
 */

const ACCOUNT = 'info@brightlane.studio';

describe('Gmail import', () => {
  let google: FakeGoogle;
  let t: TestApp;
  let cookie: string;
  let reader: GmailReader;
  let contactId: number;

  const status = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/google/status', headers: { cookie } })).json();
  const fromGmail = async () =>
    Number(
      (
        await t.database.db
          .select({ n: count() })
          .from(contactMessages)
          .where(eq(contactMessages.source, 'gmail'))
      )[0]!.n,
    );

  async function connect() {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google', headers: { cookie } });
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('scope')).toBe(
      'openid email https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/gmail.readonly',
    );
    const stateCookie = start.cookies.find((c) => c.name === 'oauth_google')!;
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const res = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${cookie}; oauth_google=${stateCookie.value}` },
    });
    expect(res.statusCode).toBe(200);
  }

  beforeAll(async () => {
    google = await startFakeGoogle(ACCOUNT);
    t = await createTestApp(
      {
        GOOGLE_CLIENT_ID: 'test-client',
        GOOGLE_CLIENT_SECRET: 'test-secret',
        GOOGLE_ISSUER: google.issuerUrl,
        GMAIL_API_URL: google.gmailUrl,
        MAIL_FROM: `Brightlane <${ACCOUNT}>`,
      },
      // The app's own reader stays quiet (a pass an hour); the test drives a reader by hand.
      { app: { gmailPollMs: 3_600_000 } },
    );
    await t.app.gmailPoller.stop();
    cookie = await signIn(t.app);
    contactId = (
      await t.database.db
        .insert(contacts)
        .values({ name: 'Noor Ali', email: 'noor@example.com', message: 'Hi' })
        .returning()
    )[0]!.id;
    reader = new GmailReader({
      db: t.database.db,
      log: t.app.log,
      key: t.app.tokenKey,
      google: t.app.config.google,
      ownAddresses: [ACCOUNT],
      instanceId: 'test',
    });
  });
  afterAll(async () => {
    await reader.stop();
    await t.close();
    await google.close();
  });

  it('an account connected before reading was asked for keeps sending, is not read, and says so', async () => {
    await saveGmailConnection(t.database.db, t.app.tokenKey, ACCOUNT, 'old-refresh-token', null);
    expect(await status()).toMatchObject({ connected: true, readsReplies: false, provider: 'gmail' });
    google.deliver(
      await composeReply({
        from: 'noor@example.com',
        authenticatedBy: 'mx.google.com',
        to: ACCOUNT,
        subject: 'Early',
        text: 'before',
        messageId: 'early@example.com',
      }),
    );
    expect(await reader.runOnce()).toBe(0);
    expect(google.readCalls()).toBe(0);
  });

  it('after reconnecting with the read scope, a first run re-scans recent mail; then the history brings new replies once', async () => {
    await connect();
    expect(await status()).toMatchObject({ connected: true, readsReplies: true });
    // The message that arrived before is found by the bounded first scan.
    expect(await reader.runOnce()).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(mailboxSync)
      .where(eq(mailboxSync.mailbox, `gmail:${ACCOUNT}`));
    expect(row!.historyId).not.toBeNull();
    expect(row!.lastError).toBeNull();

    // Sent from the account (our own copy) and a stranger's mail: not imported.
    google.deliver(
      await composeReply({ from: ACCOUNT, to: 'noor@example.com', subject: 'ours', text: 'x' }),
      ['SENT'],
    );
    google.deliver(
      await composeReply({ from: 'promo@shop.example', to: ACCOUNT, subject: 'Sale', text: 'buy' }),
    );
    google.deliver(
      await composeReply({
        from: 'Noor Ali <noor@example.com>',
        authenticatedBy: 'mx.google.com',
        to: ACCOUNT,
        subject: 'Re: Your website',
        html: '<p>Yes, <b>next week</b> works.</p><blockquote>earlier</blockquote>',
        messageId: 'noor-1@example.com',
      }),
    );
    expect(await reader.runOnce()).toBe(1);
    expect(await reader.runOnce()).toBe(0);
    const thread = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/contacts/${contactId}/messages`,
        headers: { cookie },
      })
    ).json();
    expect(
      thread.map((m: { subject: string; source: string; unread: boolean }) => [
        m.subject,
        m.source,
        m.unread,
      ]),
    ).toEqual([
      ['Early', 'gmail', true],
      ['Re: Your website', 'gmail', true],
    ]);
    expect(await fromGmail()).toBe(2);
  });

  it('an expired history id falls back to a bounded re-scan that stores nothing twice', async () => {
    google.expireHistory();
    google.deliver(
      await composeReply({
        from: 'noor@example.com',
        authenticatedBy: 'mx.google.com',
        to: ACCOUNT,
        subject: 'After expiry',
        text: 'z',
        messageId: 'noor-2@example.com',
      }),
    );
    expect(await reader.runOnce()).toBe(1);
    expect(await fromGmail()).toBe(3);
    expect(await reader.runOnce()).toBe(0);
    const inbound = (
      await t.app.inject({ method: 'GET', url: '/api/admin/mail/inbound', headers: { cookie } })
    ).json();
    expect(inbound.mailboxes).toEqual([
      expect.objectContaining({ kind: 'gmail', mailbox: ACCOUNT, lastError: null }),
    ]);
  });

  it('a message the database refuses is recorded as skipped and the history moves past it (decision 033)', async () => {
    await t.database.db.execute(sql`
      create function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.subject like '%poison-subject%' then raise exception 'refused'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_poison before insert on contact_messages for each row execute function refuse_poison()`,
    );
    try {
      google.deliver(
        await composeReply({
          from: 'noor@example.com',
          authenticatedBy: 'mx.google.com',
          to: ACCOUNT,
          subject: 'poison-subject Bankverbindung-7731',
          text: 'IBAN-DE00-SECRET',
          messageId: 'noor-poison@example.com',
        }),
      );
      google.deliver(
        await composeReply({
          from: 'noor@example.com',
          authenticatedBy: 'mx.google.com',
          to: ACCOUNT,
          subject: 'After the poison',
          text: 'fine',
          messageId: 'noor-3@example.com',
        }),
      );
      expect(await reader.runOnce()).toBe(1);
      expect(await reader.runOnce()).toBe(0);
      const inbound = (
        await t.app.inject({ method: 'GET', url: '/api/admin/mail/inbound', headers: { cookie } })
      ).json();
      expect(inbound.mailboxes[0]).toMatchObject({ lastError: null, skipped: 1 });
      expect(inbound.mailboxes[0].latestSkipped[0].reason).toMatch(
        /^Refused by the database \(SQLSTATE P0001\)/,
      );
      expect(JSON.stringify(inbound)).not.toMatch(/Bankverbindung|IBAN-DE00/);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_poison on contact_messages`);
    }
  });

  it('an unreachable Gmail API is recorded and retried with backoff', async () => {
    const broken = new GmailReader({
      db: t.database.db,
      log: t.app.log,
      key: t.app.tokenKey,
      google: { ...t.app.config.google, gmailApiUrl: 'http://127.0.0.1:9' },
      ownAddresses: [ACCOUNT],
      instanceId: 'broken',
    });
    // The test reader's lease is given up first, as on its shutdown.
    await reader.stop();
    expect(await broken.runOnce()).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(mailboxSync)
      .where(eq(mailboxSync.mailbox, `gmail:${ACCOUNT}`));
    expect(row!.lastError).toMatch(/Gmail API unreachable/);
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    await broken.stop();
  });
});
