import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, contactMessages, contacts } from '../../src/db/schema/index.ts';
import { ingestRawMessage } from '../../src/server/mail/inbound/ingest-message.ts';
import { composeReply, dsnBounce } from './helpers/inbound-mail.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * Every outgoing email carries the Message-ID stored with it, and the import
 * pipeline (parse, classify, match, store once) puts replies in the right thread, marks bounces,
 * shows out-of-office mail without counting it, and ignores the rest. Real SMTP server, real
 * database, real MIME (nodemailer's composer builds the replies).
 */

const OWN = 'hello@agency.test';

describe('replies: Message-IDs and the import pipeline', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let cookie: string;
  const ingest = (raw: Buffer) =>
    ingestRawMessage(
      { db: t.database.db, source: 'imap', ownAddresses: [OWN], authservIds: ['mx.agency.test'] },
      raw,
    );

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, SMTP_RATE_LIMIT: '0', MAIL_FROM: `Agency <${OWN}>` });
    cookie = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let made = 0;
  const addContact = async (name: string, email = `c${++made}-${Date.now()}@example.com`) =>
    (await t.database.db.insert(contacts).values({ name, email, message: 'Hi' }).returning())[0]!;
  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const thread = async (id: number) => (await api('GET', `/api/admin/contacts/${id}/messages`)).json();
  const lastSent = async () => smtp.messages.at(-1)!.parsed();

  it('stores the Message-ID a one-to-one email is sent with', async () => {
    const c = await addContact('Ann Lee');
    const res = await api('POST', `/api/admin/contacts/${c.id}/send-email`, {
      subject: 'Quote',
      content: '<p>Hi</p>',
    });
    expect(res.statusCode).toBe(201);
    const sent = await lastSent();
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contactId, c.id));
    expect(row!.messageId).toMatch(/@agency\.test$/);
    expect(sent.messageId).toBe(`<${row!.messageId}>`);
  });

  it('imports a reply into the thread once, unread, at its own date, quoted history folded', async () => {
    const c = await addContact('Bo Kim');
    await api('POST', `/api/admin/contacts/${c.id}/send-email`, { subject: 'Quote', content: '<p>Hi</p>' });
    const ours = (await thread(c.id))[0];
    const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, ours.id));
    const date = new Date('2026-11-20T10:00:00Z');
    // Replies from a different address than the contact's: only the thread can match it.
    const raw = await composeReply({
      from: 'Bo Kim <bo.kim@other-mail.example>',
      subject: 'Re: Quote',
      text: 'Sounds good, 👍 let us talk.\n\nOn Tue, Agency wrote:\n> Hi\n> there',
      html: '<p>Sounds good, 👍 let us talk.<img src="https://tracker.example/p.gif"><script>alert(1)</script></p><blockquote>Hi there</blockquote>',
      inReplyTo: row!.messageId!,
      references: [row!.messageId!],
      messageId: 'reply-1@other-mail.example',
      date,
      attachments: [{ filename: 'brief.pdf', content: 'x'.repeat(1234) }],
    });
    expect(await ingest(raw)).toMatchObject({ kind: 'reply', contactId: c.id, stored: true });
    // Fetched again (a restart, a second instance): stored once.
    expect(await ingest(raw)).toMatchObject({ kind: 'reply', stored: false });
    const messages = await thread(c.id);
    expect(messages).toHaveLength(2);
    // Its own date (before our email: the thread is ordered by the message's time).
    const reply = messages.find((m: { sender: string }) => m.sender === 'contact');
    expect(reply).toMatchObject({
      sender: 'contact',
      subject: 'Re: Quote',
      unread: true,
      autoReply: false,
      source: 'imap',
      sentAt: date.toISOString(),
      attachments: [{ name: 'brief.pdf', size: 1234 }],
    });
    expect(reply.content).toContain('Sounds good, 👍');
    expect(reply.content).not.toMatch(/<script|<img|tracker/);
    expect(reply.content).toContain(
      '<details class="quoted-history"><summary>Quoted text</summary><blockquote>',
    );
    const list = (await api('GET', '/api/admin/contacts')).json();
    expect(list.find((x: { id: number }) => x.id === c.id).unreadReplies).toBe(1);
    const summary = (await api('GET', '/api/admin/replies')).json();
    expect(summary.latest[0]).toMatchObject({ contactId: c.id, contactName: 'Bo Kim', subject: 'Re: Quote' });
    expect(summary.latest[0].snippet).toMatch(/^Sounds good/);
    // Opening the contact marks it read.
    expect((await api('POST', `/api/admin/contacts/${c.id}/read`)).json()).toEqual({ marked: 1 });
    expect((await thread(c.id)).every((m: { unread: boolean }) => !m.unread)).toBe(true);
    expect(
      (await api('GET', '/api/admin/replies'))
        .json()
        .latest.some((r: { contactId: number }) => r.contactId === c.id),
    ).toBe(false);
  });

  it('answers in the same thread: In-Reply-To, References and the reply id', async () => {
    const c = await addContact('Cy Dunn');
    await api('POST', `/api/admin/contacts/${c.id}/send-email`, { subject: 'Hello', content: '<p>Hi</p>' });
    const [first] = await thread(c.id);
    const [firstRow] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, first.id));
    await ingest(
      await composeReply({
        from: c.email,
        authenticatedBy: 'mx.agency.test',
        subject: 'Re: Hello',
        text: 'Yes please',
        inReplyTo: firstRow!.messageId!,
        references: [firstRow!.messageId!],
        messageId: `cy-reply-${Date.now()}@example.com`,
      }),
    );
    const reply = (await thread(c.id)).find((m: { sender: string }) => m.sender === 'contact');
    const res = await api('POST', `/api/admin/contacts/${c.id}/send-email`, {
      subject: 'Re: Hello',
      content: '<p>Great</p>',
      inReplyToId: reply.id,
    });
    expect(res.statusCode).toBe(201);
    const sent = await lastSent();
    const [replyRow] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, reply.id));
    expect(sent.inReplyTo).toBe(`<${replyRow!.messageId}>`);
    expect(sent.references).toBe(`<${firstRow!.messageId}> <${replyRow!.messageId}>`);
    expect(sent.subject).toBe('Re: Hello');
    // Another contact's message cannot be answered from here.
    const other = await addContact('Di Eve');
    const wrong = await api('POST', `/api/admin/contacts/${other.id}/send-email`, {
      subject: 'x',
      content: 'y',
      inReplyToId: reply.id,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ error: 'Message not found' });
  });

  it('matches a new message by the sender address; ignores strangers and our own copies', async () => {
    const c = await addContact('Ed Fox', 'Ed.Fox@Example.com');
    const fresh = await composeReply({
      from: 'ED.FOX@example.com',
      authenticatedBy: 'mx.agency.test',
      subject: 'Another question',
      text: 'Hi again',
    });
    expect(await ingest(fresh)).toMatchObject({ kind: 'reply', contactId: c.id, stored: true });
    expect(
      await ingest(await composeReply({ from: 'stranger@example.net', subject: 'Buy now', text: 'spam' })),
    ).toEqual({
      kind: 'ignored',
      reason: 'unrelated',
    });
    expect(
      await ingest(await composeReply({ from: OWN, to: c.email, subject: 'copy', text: 'ours' })),
    ).toEqual({
      kind: 'ignored',
      reason: 'own',
    });
    expect(await ingest(Buffer.from('\u0000\u0000 not a message'))).toMatchObject({ kind: 'ignored' });
  });

  it('shows an out-of-office reply read, never counted as a reply (RFC 3834)', async () => {
    const c = await addContact('Flo Gray');
    const raw = await composeReply({
      from: c.email,
      authenticatedBy: 'mx.agency.test',
      subject: 'Out of office',
      text: 'I am away until Monday.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect(await ingest(raw)).toMatchObject({ kind: 'auto_reply', stored: true });
    const [msg] = await thread(c.id);
    expect(msg).toMatchObject({ sender: 'contact', autoReply: true, unread: false });
    const list = (await api('GET', '/api/admin/contacts')).json();
    expect(list.find((x: { id: number }) => x.id === c.id).unreadReplies).toBe(0);
  });

  it('a bounce marks the campaign recipient bounced and the address bouncing; the next campaign skips it', async () => {
    const gone = await addContact('Gus Hall', `gone-${Date.now()}@example.org`);
    const ok = await addContact('Hana Ito');
    const created = await api('POST', '/api/admin/campaigns', {
      name: 'Spring',
      subject: 'Spring news',
      htmlContent: '<p>News</p>',
    });
    expect(created.statusCode).toBe(201);
    const campaignId = created.json().id;
    const sent = await api('POST', `/api/admin/campaigns/${campaignId}/send`, {
      recipientIds: [gone.id, ok.id],
    });
    expect(sent.json()).toMatchObject({ success: 2 });
    const rows = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId));
    const goneRow = rows.find((r) => r.contactId === gone.id)!;
    expect(goneRow.messageId).toMatch(/@agency\.test$/);
    const delivered = await Promise.all(smtp.messages.slice(-2).map((m) => m.parsed()));
    expect(delivered.map((m) => m.messageId)).toContain(`<${goneRow.messageId}>`);
    // The campaign email in the thread carries the same id.
    const [inThread] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contactId, gone.id));
    expect(inThread!.messageId).toBe(goneRow.messageId);

    expect(await ingest(dsnBounce({ recipient: gone.email, originalId: goneRow.messageId! }))).toEqual({
      kind: 'bounce',
      recipients: 1,
      contacts: 1,
    });
    const [after] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.id, goneRow.id));
    expect(after!.status).toBe('bounced');
    expect(after!.errorMessage).toContain('5.1.1');
    // The campaign's log shows it (the details answer once failed its own schema on 'bounced').
    const details = await api('GET', `/api/admin/campaigns/${campaignId}/details`);
    expect(details.statusCode, details.body.slice(0, 300)).toBe(200);
    expect(
      details
        .json()
        .recipients.find((r: { contact: { email: string } | null }) => r.contact?.email === gone.email),
    ).toMatchObject({ status: 'bounced', errorMessage: expect.stringContaining('5.1.1') });
    const detail = (await api('GET', `/api/admin/contacts/${gone.id}`)).json();
    expect(detail.contact).toMatchObject({ bouncing: true });
    expect(detail.contact.bounceReason).toContain('5.1.1');
    // The bounce is not a message from the contact.
    expect((await thread(gone.id)).filter((m: { sender: string }) => m.sender === 'contact')).toHaveLength(0);

    const second = await api('POST', '/api/admin/campaigns', {
      name: 'Summer',
      subject: 'Summer',
      htmlContent: '<p>S</p>',
    });
    const result = await api('POST', `/api/admin/campaigns/${second.json().id}/send`, {
      recipientIds: [gone.id, ok.id],
    });
    expect(result.json()).toMatchObject({ success: 1, skipped: 1 });
  });

  it('a non-standard bounce (X-Failed-Recipients, failure subject) marks nobody; delay reports are ignored (decision 033)', async () => {
    const c = await addContact('Ida Jo', `ida-${Date.now()}@example.org`);
    const raw = await composeReply({
      from: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
      subject: 'Delivery Status Notification (Failure)',
      text: `The response was:\n550 5.1.1 The email account that you tried to reach does not exist.`,
      headers: { 'X-Failed-Recipients': c.email },
    });
    expect(await ingest(raw)).toMatchObject({ kind: 'ignored' });
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.id, c.id));
    expect(row!.bouncingAt).toBeNull();
    // A real report naming the contact, but returning a message we never sent, marks nobody either.
    expect(
      await ingest(dsnBounce({ recipient: c.email, originalId: 'never-sent@agency.test' })),
    ).toMatchObject({
      kind: 'ignored',
    });
    const delayed = Buffer.from(
      dsnBounce({ recipient: 'x@example.org', originalId: 'none@agency.test' })
        .toString()
        .replace('Action: failed', 'Action: delayed'),
    );
    expect(await ingest(delayed)).toMatchObject({ kind: 'ignored' });
  });

  it('survives a burst of the same reply in parallel: one row', async () => {
    const c = await addContact('Jo Kay');
    const raw = await composeReply({
      from: c.email,
      authenticatedBy: 'mx.agency.test',
      subject: 'Burst',
      text: 'once',
      messageId: `burst-${Date.now()}@example.com`,
    });
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => ingest(raw)));
    expect(outcomes.filter((o) => o.kind === 'reply' && o.stored)).toHaveLength(1);
    expect(await thread(c.id)).toHaveLength(1);
  });

  it('keeps mail that only claims a contact’s address in Unmatched mail; attach and discard (decision 033)', async () => {
    const c = await addContact('Kai Lund', `kai-${Date.now()}@example.com`);
    const spoof = (subject: string, ar: string | null) =>
      composeReply({
        from: c.email,
        subject,
        text: 'Please pay the new account.',
        headers: ar ? { 'Authentication-Results': ar } : {},
      });
    // The provider says everything failed.
    expect(
      await ingest(await spoof('Change of bank details', 'mx.agency.test; dkim=fail; spf=fail; dmarc=fail')),
    ).toMatchObject({ kind: 'unmatched', contactId: c.id, stored: true });
    // A pass written by someone else (an authserv-id we do not trust, below nothing of ours).
    expect(
      await ingest(
        await spoof('Forged verdict', `mx.evil.example; dmarc=pass header.from=${c.email.split('@')[1]}`),
      ),
    ).toMatchObject({ kind: 'unmatched' });
    // dkim=pass, but signed by another domain than the From's: not aligned.
    expect(
      await ingest(await spoof('Unaligned', 'mx.agency.test; dkim=pass header.d=evil.example; dmarc=fail')),
    ).toMatchObject({ kind: 'unmatched' });
    // Comments and a pass aligned by dkim are read as RFC 8601 writes them.
    expect(
      await ingest(
        await spoof(
          'Aligned',
          `mx.agency.test 1; dkim=pass (good signature) header.d=${c.email.split('@')[1]} header.s=s1; dmarc=none`,
        ),
      ),
    ).toMatchObject({ kind: 'reply', contactId: c.id });
    expect((await thread(c.id)).map((m: { subject: string }) => m.subject)).toEqual(['Aligned']);

    const list = (await api('GET', '/api/admin/unmatched-mail')).json();
    const mine = list.items.filter((m: { contactId: number }) => m.contactId === c.id);
    expect(
      mine.map((m: { subject: string; authentication: string | null }) => [m.subject, m.authentication]),
    ).toEqual(
      expect.arrayContaining([
        ['Change of bank details', 'dkim=fail spf=fail dmarc=fail'],
        ['Forged verdict', null],
        ['Unaligned', 'dkim=pass dmarc=fail'],
      ]),
    );
    expect(list.total).toBeGreaterThanOrEqual(3);
    const byName = (subject: string) => mine.find((m: { subject: string }) => m.subject === subject)!;

    const attached = await api('POST', `/api/admin/unmatched-mail/${byName('Unaligned').id}/attach`, {
      contactId: c.id,
    });
    expect(attached.statusCode).toBe(200);
    expect((await thread(c.id)).map((m: { subject: string }) => m.subject).sort()).toEqual([
      'Aligned',
      'Unaligned',
    ]);
    expect(
      (await api('DELETE', `/api/admin/unmatched-mail/${byName('Change of bank details').id}`)).statusCode,
    ).toBe(204);
    expect(
      (await api('DELETE', `/api/admin/unmatched-mail/${byName('Change of bank details').id}`)).json(),
    ).toEqual({
      error: 'Message not found',
    });
    expect(
      (
        await api('POST', `/api/admin/unmatched-mail/${byName('Forged verdict').id}/attach`, {
          contactId: 2147483647,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api('POST', `/api/admin/unmatched-mail/${byName('Forged verdict').id}/attach`, {
          contactId: 2 ** 31,
        })
      ).statusCode,
    ).toBe(400);
    const left = (await api('GET', '/api/admin/unmatched-mail')).json();
    expect(
      left.items
        .filter((m: { contactId: number }) => m.contactId === c.id)
        .map((m: { subject: string }) => m.subject),
    ).toEqual(['Forged verdict']);
    // The spoof never counted as a reply.
    expect((await thread(c.id)).map((m: { subject: string }) => m.subject)).not.toContain(
      'Change of bank details',
    );
  });
});
