import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/index.ts';
import { composeEmailBody, plainTextToHtml } from '../../src/shared/email-body.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * Plain-text emails keep their lines (src/shared/email-body.ts): the text part as typed, the HTML
 * part escaped with its paragraphs and line breaks, the owner's signature appended to both below
 * a '-- ' line, through a real SMTP server.
 */
const TYPED = 'Hi Sarah,\n\nJust checking in.\nLine one\nLine two <b>not bold</b> & more\n\nCheers,\nAlex';

describe('plain-text body and signature', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, SMTP_RATE_LIMIT: '0' });
    cookie = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('turns text into escaped paragraphs with line breaks', () => {
    expect(plainTextToHtml(TYPED)).toBe(
      '<p>Hi Sarah,</p>\n<p>Just checking in.<br>Line one<br>Line two &lt;b&gt;not bold&lt;/b&gt; &amp; more</p>\n<p>Cheers,<br>Alex</p>',
    );
    expect(plainTextToHtml('a\r\n\r\n\r\nb\rc')).toBe('<p>a</p>\n<p>b<br>c</p>');
    expect(composeEmailBody({ format: 'html', content: '<p>x</p>' }, 'Alex\n<Studio>')).toEqual({
      html: '<p>x</p>\n<p>-- <br>Alex<br>&lt;Studio&gt;</p>',
      text: undefined,
    });
  });

  it('saves the signature, refuses one too long, and sends both parts with the lines kept', async () => {
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: { cookie }, payload: payload as object });
    expect((await call('GET', '/api/admin/mail/signature')).json()).toEqual({ signature: '' });
    const tooLong = await call('PUT', '/api/admin/mail/signature', { signature: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatch(/2,000/);
    const saved = await call('PUT', '/api/admin/mail/signature', {
      signature: 'Alex Morgan\nBrightlane Studio  \n',
    });
    expect(saved.json()).toEqual({ signature: 'Alex Morgan\nBrightlane Studio' });
    expect((await call('GET', '/api/admin/mail/signature')).json()).toEqual({
      signature: 'Alex Morgan\nBrightlane Studio',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/mail/signature' })).statusCode).toBe(401);

    const [contact] = await t.database.db
      .insert(contacts)
      .values({ name: 'Sarah Lee', email: 'sarah@example.com', message: 'Hi' })
      .returning();
    const sent = await call('POST', `/api/admin/contacts/${contact!.id}/send-email`, {
      format: 'text',
      subject: 'Checking in',
      content: TYPED,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // Other mail (the owner's new sign-in notice) may go out too: the contact's is found by address.
    const toSarah = async (n: number) => {
      await expect
        .poll(() => smtp.messages.filter((m) => m.envelopeTo.includes('sarah@example.com')).length)
        .toBe(n);
      return smtp.messages.filter((m) => m.envelopeTo.includes('sarah@example.com'))[n - 1]!.parsed();
    };
    const mail = await toSarah(1);
    expect(mail.text?.replace(/\r\n/g, '\n').trim()).toBe(`${TYPED}\n\n-- \nAlex Morgan\nBrightlane Studio`);
    expect(mail.html).toContain(
      '<p>Just checking in.<br>Line one<br>Line two &lt;b&gt;not bold&lt;/b&gt; &amp; more</p>',
    );
    expect(mail.html).toContain('<p>-- <br>Alex Morgan<br>Brightlane Studio</p>');
    // The conversation keeps the HTML part.
    expect(sent.json().content).toContain('<p>Cheers,<br>Alex</p>');

    // The spec's payload (no format) is HTML, as before.
    const html = await call('POST', `/api/admin/contacts/${contact!.id}/send-email`, {
      subject: 'Quote',
      content: '<p>Here is <em>your</em> quote.</p>',
    });
    expect(html.statusCode).toBe(201);
    expect((await toSarah(2)).html).toContain('<p>Here is <em>your</em> quote.</p>\n<p>-- <br>');
    const bad = await call('POST', `/api/admin/contacts/${contact!.id}/send-email`, {
      format: 'markdown',
      subject: 'x',
      content: 'y',
    });
    expect(bad.statusCode).toBe(400);
  });
});
