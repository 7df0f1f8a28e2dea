import { Writable } from 'node:stream';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import getPort from 'get-port';
import type { ImapFlow } from 'imapflow';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, contactMessages, contacts, mailboxSync } from '../../src/db/schema/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { loggerOptions } from '../../src/server/logging.ts';
import { ImapPoller } from '../../src/server/mail/inbound/imap-poller.ts';
import { connectImap, type Dovecot, startDovecot } from './helpers/dovecot.ts';
import { composeReply, dsnBounce } from './helpers/inbound-mail.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';
import { until } from './helpers/until.ts';

/**
 * Replies typed into a real mailbox (Debian's dovecot, appended over IMAP)
 * arrive in the CRM by themselves, exactly once, through a restart, a re-scan and a second
 * instance; a mailbox that is down is retried with backoff and shown.
 */

const OWN = 'owner@agency.test';

describe('IMAP import against a real dovecot', () => {
  let dovecot: Dovecot;
  let smtp: TestSmtp;
  let t: TestApp;
  let cookie: string;
  let imap: ImapFlow;
  const ids: Record<string, string> = {};
  let ann: typeof contacts.$inferSelect;
  let bo: typeof contacts.$inferSelect;
  let gone: typeof contacts.$inferSelect;

  beforeAll(async () => {
    [dovecot, smtp] = await Promise.all([startDovecot(OWN), startSmtp()]);
    t = await createTestApp(
      {
        SMTP_URL: smtp.url,
        SMTP_RATE_LIMIT: '0',
        MAIL_FROM: `Agency <${OWN}>`,
        IMAP_URL: dovecot.url,
        IMAP_AUTHSERV_ID: 'mx.agency.test',
      },
      // Polls once a minute: what arrives sooner came through IDLE.
      { app: { imapPollMs: 60_000 } },
    );
    cookie = await signIn(t.app);
    imap = await connectImap(dovecot);
    const add = async (name: string, email: string) =>
      (await t.database.db.insert(contacts).values({ name, email, message: 'Hi' }).returning())[0]!;
    ann = await add('Ann Lee', 'ann@example.com');
    bo = await add('Bo Kim', 'bo@example.com');
    gone = await add('Gus Hall', 'gone@example.org');
  }, 60_000);
  afterAll(async () => {
    await imap?.logout().catch(() => {});
    await t?.close();
    await Promise.all([dovecot?.stop(), smtp?.close()]);
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const append = (raw: Buffer) => imap.append('INBOX', raw);
  const imported = async () =>
    Number(
      (
        await t.database.db
          .select({ n: count() })
          .from(contactMessages)
          .where(eq(contactMessages.source, 'imap'))
      )[0]!.n,
    );

  it('sends a one-to-one email and a campaign through SMTP with stored Message-IDs', async () => {
    expect(
      (
        await api('POST', `/api/admin/contacts/${ann.id}/send-email`, {
          subject: 'Your quote',
          content: '<p>Hi Ann</p>',
        })
      ).statusCode,
    ).toBe(201);
    const campaign = (
      await api('POST', '/api/admin/campaigns', {
        name: 'Spring',
        subject: 'Spring news',
        htmlContent: '<p>News</p>',
      })
    ).json();
    expect(
      (
        await api('POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [bo.id, gone.id] })
      ).json(),
    ).toMatchObject({ success: 2 });
    await smtp.waitFor(3);
    for (const m of smtp.messages) {
      const parsed = await m.parsed();
      ids[m.envelopeTo[0]!] = parsed.messageId!.replace(/^<|>$/g, '');
    }
    const [annRow] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contactId, ann.id));
    expect(annRow!.messageId).toBe(ids['ann@example.com']);
    const [goneRow] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.contactId, gone.id));
    expect(goneRow!.messageId).toBe(ids['gone@example.org']);
  });

  it('imports replies, a bounce and an out-of-office appended to the mailbox, ignores the unrelated, via IDLE', async () => {
    const started = Date.now();
    await append(
      await composeReply({
        from: 'Ann Lee <ann@example.com>',
        to: OWN,
        subject: 'Re: Your quote',
        text: 'Looks great, go ahead.\n\nOn Mon, Agency wrote:\n> Hi Ann',
        inReplyTo: ids['ann@example.com'],
        references: [ids['ann@example.com']!],
        messageId: 'ann-reply-1@example.com',
      }),
    );
    await append(
      await composeReply({
        from: 'Bo Kim <bo.private@elsewhere.example>',
        to: OWN,
        subject: 'Re: Spring news',
        html: '<p>Tell me more</p>',
        inReplyTo: ids['bo@example.com'],
        references: [ids['bo@example.com']!],
        messageId: 'bo-reply-1@elsewhere.example',
      }),
    );
    await append(
      dsnBounce({
        recipient: 'gone@example.org',
        originalId: ids['gone@example.org']!,
        messageId: 'dsn-1@mx.example.net',
      }),
    );
    await append(
      await composeReply({
        from: 'ann@example.com',
        authenticatedBy: 'mx.agency.test',
        to: OWN,
        subject: 'Automatic reply: Re: Your quote',
        text: 'I am out of office until Monday.',
        headers: { 'Auto-Submitted': 'auto-replied' },
        messageId: 'ann-ooo-1@example.com',
      }),
    );
    await append(
      await composeReply({
        from: 'news@shop.example',
        to: OWN,
        subject: 'Sale!',
        text: 'Buy',
        messageId: 'sale@shop.example',
      }),
    );

    await until(
      async () =>
        (await t.database.db.select().from(mailboxSync)).map((r) => ({ last: r.lastUid, err: r.lastError })),
      (rows) => rows[0]?.last === 5,
    );
    // Far inside the 60-second poll: the server's IDLE announcement started the import.
    expect(Date.now() - started).toBeLessThan(30_000);

    const annThread = (await api('GET', `/api/admin/contacts/${ann.id}/messages`)).json();
    const annReplies = annThread.filter((m: { sender: string }) => m.sender === 'contact');
    expect(
      annReplies.map((m: { subject: string; unread: boolean; autoReply: boolean }) => [
        m.subject,
        m.unread,
        m.autoReply,
      ]),
    ).toEqual([
      ['Re: Your quote', true, false],
      ['Automatic reply: Re: Your quote', false, true],
    ]);
    expect(annReplies[0].content).toContain('Looks great, go ahead.');
    expect(annReplies[0].content).toContain('<details class="quoted-history">');
    const boThread = (await api('GET', `/api/admin/contacts/${bo.id}/messages`)).json();
    // (Ordered by each message's own date, which has whole seconds: compared as a set.)
    expect(
      boThread.map((m: { sender: string; campaignName: string | null }) => [m.sender, m.campaignName]),
    ).toEqual(
      expect.arrayContaining([
        ['admin', 'Spring'],
        ['contact', null],
      ]),
    );
    expect(boThread).toHaveLength(2);
    const list = (await api('GET', '/api/admin/contacts')).json() as {
      id: number;
      unreadReplies: number;
      bouncing: boolean;
    }[];
    const by = (id: number) => list.find((c) => c.id === id)!;
    expect([by(ann.id).unreadReplies, by(bo.id).unreadReplies, by(gone.id).unreadReplies]).toEqual([1, 1, 0]);
    expect(by(gone.id).bouncing).toBe(true);
    const [goneRecipient] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.contactId, gone.id));
    expect(goneRecipient!.status).toBe('bounced');
    expect((await api('GET', '/api/admin/replies')).json().unread).toBe(2);
    expect(await imported()).toBe(3);
    const status = (await api('GET', '/api/admin/mail/inbound')).json();
    expect(status.mailboxes).toEqual([
      expect.objectContaining({
        kind: 'imap',
        mailbox: `${OWN}@127.0.0.1:${dovecot.port}/INBOX`,
        lastError: null,
        imported: 4,
      }),
    ]);
    expect(status.mailboxes[0].lastCheckedAt).not.toBeNull();
    expect(JSON.stringify(status)).not.toContain(dovecot.password);
  });

  it('after a restart imports nothing twice and skips nothing; a re-scan stores nothing again', async () => {
    await t.app.imapPoller!.stop();
    const restarted = new ImapPoller({
      db: t.database.db,
      log: t.app.log,
      url: dovecot.url,
      ownAddresses: [OWN],
      authservIds: ['mx.agency.test'],
      instanceId: 'second-process',
    });
    try {
      expect(await restarted.runOnce()).toBe(0);
      expect(await imported()).toBe(3);
      // Mail that arrived while the app was down is imported by the next one.
      await append(
        await composeReply({
          from: 'bo@example.com',
          authenticatedBy: 'mx.agency.test',
          to: OWN,
          subject: 'One more thing',
          text: 'And the logo?',
          messageId: 'bo-2@example.com',
        }),
      );
      expect(await restarted.runOnce()).toBe(1);
      expect(await restarted.runOnce()).toBe(0);
      // The position lost (or UIDVALIDITY changed): the bounded re-scan finds everything stored already.
      await t.database.db.update(mailboxSync).set({ lastUid: null, uidValidity: null });
      expect(await restarted.runOnce()).toBe(0);
      expect(await imported()).toBe(4);
      const [row] = await t.database.db.select().from(mailboxSync);
      expect(row!.lastUid).toBe(6);
    } finally {
      await restarted.stop();
    }
  });

  it('two instances at once: one holds the lease, each message is stored once', async () => {
    const a = new ImapPoller({
      db: t.database.db,
      log: t.app.log,
      url: dovecot.url,
      ownAddresses: [OWN],
      authservIds: ['mx.agency.test'],
      instanceId: 'a',
    });
    const b = new ImapPoller({
      db: t.database.db,
      log: t.app.log,
      url: dovecot.url,
      ownAddresses: [OWN],
      authservIds: ['mx.agency.test'],
      instanceId: 'b',
    });
    try {
      await append(
        await composeReply({
          from: 'ann@example.com',
          authenticatedBy: 'mx.agency.test',
          to: OWN,
          subject: 'Parallel',
          text: 'x',
          messageId: 'par-1@example.com',
        }),
      );
      const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(ra + rb).toBe(1);
      const [holder] = await t.database.db
        .select()
        .from(mailboxSync)
        .where(isNotNull(mailboxSync.leaseOwner));
      // The holder keeps it; the other backs off while the lease is live.
      const other = holder!.leaseOwner === 'a' ? b : a;
      await append(
        await composeReply({
          from: 'ann@example.com',
          authenticatedBy: 'mx.agency.test',
          to: OWN,
          subject: 'Parallel 2',
          text: 'y',
          messageId: 'par-2@example.com',
        }),
      );
      expect(await other.runOnce()).toBe(0);
      expect(
        Number(
          (
            await t.database.db
              .select({ n: count() })
              .from(contactMessages)
              .where(and(eq(contactMessages.contactId, ann.id), eq(contactMessages.subject, 'Parallel')))
          )[0]!.n,
        ),
      ).toBe(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('a mailbox that is down is retried with backoff and shown, without the password', async () => {
    const port = await getPort({ host: '127.0.0.1' });
    const lines: string[] = [];
    // The app's logger settings (redaction, serializers); Fastify hands `stream` to pino this way.
    const { stream: _s, ...options } = loggerOptions({ level: 'info' }) as pino.LoggerOptions & {
      stream?: unknown;
    };
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(options, sink);
    const downUrl = `imap://${encodeURIComponent(OWN)}:${encodeURIComponent('s3cret-Pa55')}@127.0.0.1:${port}/INBOX`;
    const down = new ImapPoller({
      db: t.database.db,
      log,
      url: downUrl,
      ownAddresses: [OWN],
      authservIds: ['mx.agency.test'],
      instanceId: 'down',
    });
    const wrong = new ImapPoller({
      db: t.database.db,
      log,
      url: dovecot.url.replace(encodeURIComponent(dovecot.password), 'not-the-password'),
      ownAddresses: [OWN],
      authservIds: ['mx.agency.test'],
      instanceId: 'wrong',
    });
    try {
      expect(await down.runOnce()).toBe(0);
      const [row] = await t.database.db
        .select()
        .from(mailboxSync)
        .where(eq(mailboxSync.mailbox, down.mailbox));
      expect(row!.lastError).toMatch(/ECONNREFUSED/);
      expect(row!.failures).toBe(1);
      expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 10_000);
      // While backing off a pass does not even connect.
      expect(await down.runOnce()).toBe(0);
      expect(
        (await t.database.db.select().from(mailboxSync).where(eq(mailboxSync.mailbox, down.mailbox)))[0]!
          .failures,
      ).toBe(1);
      await wrong.runOnce();
      const [refused] = await t.database.db
        .select()
        .from(mailboxSync)
        .where(eq(mailboxSync.mailbox, wrong.mailbox));
      expect(refused!.lastError).toBe('The IMAP server refused the user name or password.');
      log.info({ imapUrl: downUrl, config: { imapUrl: downUrl } }, 'settings');
      expect(lines.join('')).toContain('ECONNREFUSED');
      expect(lines.join('')).not.toMatch(/s3cret|not-the-password/);
    } finally {
      await Promise.all([down.stop(), wrong.stop()]);
    }
  });

  it('IMAP_URL is validated without echoing the password', () => {
    const bad = (IMAP_URL: string) => {
      try {
        loadConfig({ NODE_ENV: 'test', IMAP_URL });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(bad('imap://user:hunter2@mail.example.com/INBOX')).toContain(
      'IMAP_URL: imap:// sends the password unencrypted',
    );
    expect(bad('imap://user:hunter2@mail.example.com/INBOX')).not.toContain('hunter2');
    expect(bad('imaps://mail.example.com/INBOX')).toContain('IMAP_URL: must hold the user and password');
    expect(bad('pop3://u:p@mail.example.com')).toContain('IMAP_URL: must start with imaps:// or imap://');
    expect(bad('imaps://u%40x.com:p%40ss@imap.example.com:993/INBOX')).toBe('');
  });
});
