import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contacts, mailboxSync } from '../../src/db/schema/index.ts';
import { loggerOptions } from '../../src/server/logging.ts';
import { connectImap, type Dovecot, startDovecot } from '../api/helpers/dovecot.ts';
import { composeReply, dsnBounce } from '../api/helpers/inbound-mail.ts';
import { startSmtp, type TestSmtp } from '../api/helpers/smtp.ts';
import { createTestApp, signIn, type TestApp } from '../api/helpers/test-app.ts';
import { until } from '../api/helpers/until.ts';

/**
 * A hostile mailbox (docs/decisions/033-inbound-mail-cannot-stop-or-poison.md): messages that
 * once stopped the reply import or wrote into a contact's thread, appended to a real dovecot and
 * read by the app's own IMAP import. Each case is followed by a normal reply, which must still
 * arrive; nothing of a poison message's content may reach a log line or the status API.
 */

const OWN = 'owner@agency.test';
/** Words that only occur in the poison messages' content: none may appear in logs or `lastError`. */
const SECRET = ['Bankverbindung-7731', 'IBAN-DE00-SECRET', 'poison-body-4242'];

/**
 * A Message-ID of 990 characters, 988 of them distinct CJK ones (a repeated one would compress
 * below the limit): under RFC 5322's 998 characters, but 2,966 bytes, over PostgreSQL's btree limit
 * of 2,704.
 */
const LONG_ID = `${Array.from({ length: 988 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000))).join('')}@x`;

/** A multipart/mixed message of `parts` text parts, as raw bytes. */
function manyParts(from: string, parts: number, inReplyTo: string): Buffer {
  const lines = [
    `From: ${from}`,
    `To: ${OWN}`,
    `Subject: ${SECRET[0]} parts`,
    `Message-ID: <many-parts-${parts}@example.com>`,
    `In-Reply-To: <${inReplyTo}>`,
    'Date: Tue, 24 Nov 2026 05:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="PP"',
    '',
  ];
  for (let i = 0; i < parts; i++) {
    lines.push('--PP', 'Content-Type: text/plain; charset=us-ascii', '', `${SECRET[2]} part ${i}`);
  }
  lines.push('--PP--', '');
  return Buffer.from(lines.join('\r\n'));
}

describe('a poison mailbox against a real dovecot', () => {
  let dovecot: Dovecot;
  let smtp: TestSmtp;
  let t: TestApp;
  let cookie: string;
  let imap: ImapFlow;
  let ann: typeof contacts.$inferSelect;
  let sentId = '';
  let appended = 0;
  const logLines: string[] = [];

  beforeAll(async () => {
    [dovecot, smtp] = await Promise.all([startDovecot(OWN), startSmtp()]);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(
      {
        SMTP_URL: smtp.url,
        SMTP_RATE_LIMIT: '0',
        MAIL_FROM: `Agency <${OWN}>`,
        IMAP_URL: dovecot.url,
        IMAP_AUTHSERV_ID: 'mx.agency.test',
      },
      { app: { imapPollMs: 2_000, logger: loggerOptions({ level: 'info', stream: sink }) } },
    );
    cookie = await signIn(t.app);
    imap = await connectImap(dovecot);
    ann = (
      await t.database.db
        .insert(contacts)
        .values({ name: 'Ann Lee', email: 'ann@example.com', message: 'Hi' })
        .returning()
    )[0]!;
    const res = await api('POST', `/api/admin/contacts/${ann.id}/send-email`, {
      subject: 'Your quote',
      content: '<p>Hi Ann</p>',
    });
    expect(res.statusCode).toBe(201);
    await smtp.waitFor(1);
    sentId = (await smtp.messages[0]!.parsed()).messageId!.replace(/^<|>$/g, '');
  }, 60_000);
  afterAll(async () => {
    await imap?.logout().catch(() => {});
    await t?.close();
    await Promise.all([dovecot?.stop(), smtp?.close()]);
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const append = async (raw: Buffer) => {
    await imap.append('INBOX', raw);
    appended++;
  };
  /** Waits until the import has moved past every appended message. */
  const importedAll = () =>
    until(
      async () =>
        (await t.database.db.select().from(mailboxSync)).map((r) => ({ last: r.lastUid, err: r.lastError })),
      (rows) => rows[0]?.last === appended,
      30_000,
    );
  const annReplies = async () =>
    (await api('GET', `/api/admin/contacts/${ann.id}/messages`))
      .json()
      .filter((m: { sender: string }) => m.sender === 'contact')
      .map((m: { subject: string }) => m.subject);
  /** A normal reply from Ann to our email, which must always arrive. */
  const normalReply = async (n: number) =>
    append(
      await composeReply({
        from: 'Ann Lee <ann@example.com>',
        to: OWN,
        subject: `Re: Your quote ${n}`,
        text: 'Looks good.',
        inReplyTo: sentId,
        references: [sentId],
        messageId: `ann-normal-${n}@example.com`,
      }),
    );
  const inbound = async () => (await api('GET', '/api/admin/mail/inbound')).json().mailboxes[0];

  it('a 990-character CJK Message-ID (2,966 bytes) does not stop the import; the reply after it arrives', async () => {
    expect(Buffer.byteLength(`<${LONG_ID}>`)).toBeGreaterThan(2704);
    await append(
      await composeReply({
        from: 'Ann Lee <ann@example.com>',
        to: OWN,
        subject: `Re: Your quote ${SECRET[0]}`,
        text: `Please use ${SECRET[1]} from now on. ${SECRET[2]}`,
        inReplyTo: sentId,
        references: [sentId],
        messageId: LONG_ID,
      }),
    );
    await normalReply(1);
    await importedAll();
    expect(await annReplies()).toEqual(
      expect.arrayContaining([`Re: Your quote ${SECRET[0]}`, 'Re: Your quote 1']),
    );
    const [long] = await t.database.db
      .select({ messageId: contactMessages.messageId })
      .from(contactMessages)
      .where(eq(contactMessages.subject, `Re: Your quote ${SECRET[0]}`));
    // The id that cannot be a key is replaced by a hash of the message's bytes (bounded, stable).
    expect(Buffer.byteLength(long!.messageId!)).toBeLessThanOrEqual(998);
    expect((await inbound()).lastError).toBeNull();
  });

  it('a message with 1,000 MIME parts is recorded as skipped with its reason, and the import moves on', async () => {
    await append(manyParts('Ann Lee <ann@example.com>', 1000, sentId));
    await normalReply(2);
    await importedAll();
    expect(await annReplies()).toContain('Re: Your quote 2');
    const status = await inbound();
    expect(status.skipped).toBe(1);
    expect(status.latestSkipped[0].reason).toMatch(/more than 1,000 MIME parts/i);
    expect(status.lastError).toBeNull();
  });

  it('a message the database refuses is skipped with a reason that quotes none of its content', async () => {
    // The database refuses one message (as it refused the long Message-ID before): a trigger
    // raises on its subject, the way any unforeseen constraint would.
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
      await append(
        await composeReply({
          from: 'Ann Lee <ann@example.com>',
          to: OWN,
          subject: `Re: Your quote poison-subject ${SECRET[0]}`,
          text: `${SECRET[1]} ${SECRET[2]}`,
          inReplyTo: sentId,
          references: [sentId],
          messageId: 'refused-1@example.com',
        }),
      );
      await normalReply(3);
      await importedAll();
      expect(await annReplies()).toContain('Re: Your quote 3');
      const status = await inbound();
      expect(status.skipped).toBe(2);
      expect(status.latestSkipped[0].reason).toMatch(/database/i);
      expect(status.lastError).toBeNull();
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_poison on contact_messages`);
    }
  });

  it('a spoofed From with dkim/spf/dmarc=fail and no In-Reply-To lands in Unmatched mail, not in the thread', async () => {
    await append(
      await composeReply({
        from: 'Ann Lee <ann@example.com>',
        to: OWN,
        subject: 'Change of bank details',
        text: 'Please pay our new account from now on.',
        messageId: 'spoof-1@attacker.example',
        headers: {
          'Authentication-Results':
            'mx.agency.test; dkim=fail header.d=example.com; spf=fail smtp.mailfrom=example.com; dmarc=fail (p=NONE) header.from=example.com',
        },
      }),
    );
    await normalReply(6);
    await importedAll();
    const replies = await annReplies();
    expect(replies).toContain('Re: Your quote 6');
    expect(replies).not.toContain('Change of bank details');
    const unmatched = (await api('GET', '/api/admin/unmatched-mail')).json();
    expect(unmatched.items).toEqual([
      expect.objectContaining({
        contactId: ann.id,
        subject: 'Change of bank details',
        authentication: 'dkim=fail spf=fail dmarc=fail',
      }),
    ]);
    // Not counted as a new reply either.
    const list = (await api('GET', '/api/admin/replies')).json();
    expect(list.latest.map((r: { subject: string }) => r.subject)).not.toContain('Change of bank details');
  });

  describe('forged bounces', () => {
    /** 20,001 addresses, every one a contact's (Ann's among them), as a forged bounce names them. */
    const MANY = 20_001;
    const addresses = [
      'ann@example.com',
      ...Array.from({ length: MANY - 1 }, (_, i) => `victim-${i}@example.net`),
    ];
    const bouncing = async () =>
      Number(
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from contacts where bouncing_at is not null`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );

    beforeAll(async () => {
      await t.database.db.execute(sql`
        insert into contacts (name, email, message)
        select 'Victim ' || i, 'victim-' || i || '@example.net', 'Hi' from generate_series(0, ${MANY - 2}) i`);
    });

    it('X-Failed-Recipients naming 20,001 addresses, from any sender, marks no contact', async () => {
      const raw = await composeReply({
        from: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
        to: OWN,
        subject: 'Delivery Status Notification (Failure)',
        text: '550 5.1.1 The email account that you tried to reach does not exist.',
        headers: { 'X-Failed-Recipients': addresses.join(',\r\n ') },
        messageId: 'forged-xfr@googlemail.com',
      });
      await append(raw);
      await normalReply(4);
      await importedAll();
      expect(await annReplies()).toContain('Re: Your quote 4');
      expect(await bouncing()).toBe(0);
      const list = await api('GET', '/api/admin/contacts?limit=50');
      expect(list.statusCode).toBe(200);
    });

    it('a delivery-status report naming 20,001 failed recipients that returns nothing we sent marks no contact', async () => {
      const blocks = addresses.flatMap((a) => [
        `Final-Recipient: rfc822; ${a}`,
        'Action: failed',
        'Status: 5.1.1',
        '',
      ]);
      const raw = Buffer.from(
        [
          'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
          `To: ${OWN}`,
          'Subject: Undelivered Mail Returned to Sender',
          'Message-ID: <forged-dsn@mx.example.net>',
          'Date: Tue, 24 Nov 2026 05:00:00 +0000',
          'MIME-Version: 1.0',
          'Content-Type: multipart/report; report-type=delivery-status; boundary="BB"',
          '',
          '--BB',
          'Content-Type: text/plain; charset=us-ascii',
          '',
          'Your message could not be delivered.',
          '',
          '--BB',
          'Content-Type: message/delivery-status',
          '',
          'Reporting-MTA: dns; mx.example.net',
          '',
          ...blocks,
          '--BB',
          'Content-Type: text/rfc822-headers',
          '',
          `From: ${OWN}`,
          'Subject: Something we never sent',
          'Message-ID: <never-sent@agency.test>',
          '',
          '--BB--',
          '',
        ].join('\r\n'),
      );
      await append(raw);
      await normalReply(5);
      await importedAll();
      expect(await annReplies()).toContain('Re: Your quote 5');
      expect(await bouncing()).toBe(0);
    });

    it('a real report returning our email to Ann marks Ann alone', async () => {
      await append(
        dsnBounce({ recipient: 'ann@example.com', originalId: sentId, messageId: 'real-dsn@mx.example.net' }),
      );
      await importedAll();
      expect(await bouncing()).toBe(1);
      const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, ann.id));
      expect(row!.bouncingAt).not.toBeNull();
    });
  });

  it('no log line and no status answer carries a poison message’s content', async () => {
    const status = JSON.stringify((await api('GET', '/api/admin/mail/inbound')).json());
    const logs = logLines.join('');
    for (const word of SECRET) {
      expect(status).not.toContain(word);
      expect(logs).not.toContain(word);
    }
    expect(logs).not.toContain(LONG_ID.slice(0, 20));
    expect(status).not.toContain(LONG_ID.slice(0, 20));
  });
});
