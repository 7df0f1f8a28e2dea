import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, contactMessages, contacts, mailQueue } from '../../src/db/schema/index.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { createTestApp, signIn } from './helpers/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function setup(env: Record<string, string> = {}, now?: () => Date) {
  const smtp = await startSmtp({ rejectRecipient: (a) => a.startsWith('reject') });
  const t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      SMTP_RATE_LIMIT: '0',
      APP_URL: 'https://agency.example',
      CONTACT_POW: 'off',
      ...env,
    },
    { app: { campaignPollMs: 100, mailQueuePollMs: 100, ...(now ? { now } : {}) } },
  );
  const cookie = await signIn(t.app);
  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const addContacts = async (names: string[]) => {
    const rows = await t.database.db
      .insert(contacts)
      .values(
        names.map((n) => ({
          name: n,
          email: `${n
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '.')
            .replace(/^\.|\.$/g, '')}@example.com`,
          message: 'Hi',
        })),
      )
      .returning();
    return rows;
  };
  return { smtp, t, call, addContacts };
}

describe('campaigns', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  let smtp: TestSmtp;
  beforeAll(async () => {
    env = await setup();
    smtp = env.smtp;
  });
  afterAll(async () => {
    await env.t.close();
    await smtp.close();
  });

  it('validates, creates a draft with its chosen recipients, lists counts, deletes with its log', async () => {
    const { call, addContacts, t } = env;
    const blank = await call('POST', '/api/admin/campaigns', { name: ' ', subject: 's', htmlContent: 'c' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('All fields are required');

    const people = await addContacts(['Draft One', 'Draft Two']);
    const created = await call('POST', '/api/admin/campaigns', {
      name: 'Spring offer',
      subject: 'Hello',
      htmlContent: '<p>Hi</p>',
      recipientIds: [people[0]!.id, people[1]!.id, 999999],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'draft', recipientCount: 2, sentAt: null });
    const id = created.json().id;
    const details = (await call('GET', `/api/admin/campaigns/${id}/details`)).json();
    expect(
      details.recipients.map((r: { status: string; contact: { name: string } }) => [
        r.status,
        r.contact.name,
      ]),
    ).toEqual([
      ['pending', 'Draft One'],
      ['pending', 'Draft Two'],
    ]);
    // A draft's recipients are not sent by the worker.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages).toHaveLength(0);

    expect((await call('DELETE', `/api/admin/campaigns/${id}`)).statusCode).toBe(204);
    const left = await t.database.db
      .select({ n: count() })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    expect(left[0]!.n).toBe(0);
    expect((await call('GET', `/api/admin/campaigns/${id}/details`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/campaigns/${id}`)).statusCode).toBe(404);
  });

  it('sends to exactly the chosen contacts, personalised, with one-click unsubscribe headers; a rejected address fails alone', async () => {
    const { call, addContacts } = env;
    const people = await addContacts(['Ann <b>Lee</b>', 'Ben Ode', 'Reject Me', 'Cat Ray']);
    const campaign = (
      await call('POST', '/api/admin/campaigns', {
        name: 'Launch',
        subject: 'News for {{name}}',
        htmlContent: '<p>Dear {{name}} ({{ email }}),</p>',
      })
    ).json();
    expect(
      (await call('POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [] })).json().error,
    ).toBe('Please select at least one recipient');
    const before = smtp.messages.length;
    const res = await call('POST', `/api/admin/campaigns/${campaign.id}/send`, {
      recipientIds: people.map((p) => p.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sentCount: 4, success: 3, failed: 1, skipped: 0, pending: 0 });
    const received = smtp.messages.slice(before);
    expect(received).toHaveLength(3);
    expect(received.flatMap((m) => m.envelopeTo).sort()).toEqual(
      ['ann.b.lee.b@example.com', 'ben.ode@example.com', 'cat.ray@example.com'].sort(),
    );
    const first = received.find((m) => m.envelopeTo[0] === 'ann.b.lee.b@example.com')!;
    const mail = await first.parsed();
    expect(mail.subject).toBe('News for Ann <b>Lee</b>');
    expect(mail.html).toContain('Dear Ann &lt;b&gt;Lee&lt;/b&gt; (ann.b.lee.b@example.com)');
    const header = (name: string) => mail.headers.find((h) => h.key === name)?.value ?? '';
    expect(header('list-unsubscribe')).toMatch(
      /^<https:\/\/agency\.example\/unsubscribe\/\d+\.[\w-]{43}>, <mailto:hello@brightlane\.studio\?subject=unsubscribe>$/,
    );
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const details = (await call('GET', `/api/admin/campaigns/${campaign.id}/details`)).json();
    expect(details.status).toBe('sent');
    expect(details.sentAt).not.toBeNull();
    const failed = details.recipients.find(
      (r: { contact: { name: string } }) => r.contact.name === 'Reject Me',
    );
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toMatch(/Recipient address rejected/);
    const list = (await call('GET', '/api/admin/campaigns')).json();
    expect(list.find((c: { id: number }) => c.id === campaign.id)).toMatchObject({
      recipientCount: 4,
      sentCount: 3,
      failedCount: 1,
    });

    // Resend to new recipients: the sent ones are never mailed again; the new one and the failed one are.
    const [newcomer] = await addContacts(['New Comer']);
    const again = await call('POST', `/api/admin/campaigns/${campaign.id}/send`, {
      recipientIds: [...people.map((p) => p.id), newcomer!.id],
    });
    expect(again.json()).toMatchObject({ success: 4, failed: 1 });
    const resent = smtp.messages.slice(before + 3);
    expect(resent.flatMap((m) => m.envelopeTo)).toEqual(['new.comer@example.com']);
  });

  it('edits a draft (recipients kept, the edit is what is sent); a sent campaign cannot be edited', async () => {
    const { call, addContacts } = env;
    const [person] = await addContacts(['Edit Reader']);
    const draft = (
      await call('POST', '/api/admin/campaigns', {
        name: 'Typo offr',
        subject: 'Helo',
        htmlContent: '<p>Old</p>',
        recipientIds: [person!.id],
      })
    ).json();
    const edited = await call('PUT', `/api/admin/campaigns/${draft.id}`, {
      name: '  Winter offer ❄️ ',
      subject: 'Hello {{firstName}}',
      htmlContent: '<p dir="auto">שלום {{name}}</p>',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: draft.id,
      name: 'Winter offer ❄️',
      subject: 'Hello {{firstName}}',
      status: 'draft',
      recipientCount: 1,
    });
    const unknown = await call('PUT', `/api/admin/campaigns/${draft.id}`, {
      name: 'x',
      subject: 'Hi {{surname}}',
      htmlContent: 'c',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/\{\{surname\}\}/);
    expect(
      (
        await call('PUT', `/api/admin/campaigns/${draft.id}`, { name: 'x', subject: ' ', htmlContent: 'c' })
      ).json().error,
    ).toBe('All fields are required');
    expect(
      (await call('PUT', '/api/admin/campaigns/999999', { name: 'x', subject: 's', htmlContent: 'c' }))
        .statusCode,
    ).toBe(404);

    const before = smtp.messages.length;
    const sent = await call('POST', `/api/admin/campaigns/${draft.id}/send`, { recipientIds: [person!.id] });
    expect(sent.json()).toMatchObject({ success: 1 });
    const mail = await smtp.messages.slice(before)[0]!.parsed();
    expect(mail.subject).toBe('Hello Edit');
    expect(mail.html).toContain('שלום Edit Reader');
    const late = await call('PUT', `/api/admin/campaigns/${draft.id}`, {
      name: 'x',
      subject: 's',
      htmlContent: 'c',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Only a draft can be edited.');
  });

  it("appends the owner's signature to every campaign email and to its copy in the conversation", async () => {
    const { call, addContacts, t } = env;
    const [person] = await addContacts(['Sig Reader']);
    await call('PUT', '/api/admin/mail/signature', { signature: 'Alex <Morgan>\nBrightlane Studio' });
    try {
      const campaign = (
        await call('POST', '/api/admin/campaigns', {
          name: 'Signed',
          subject: 'Hi',
          htmlContent: '<p>Body</p>',
        })
      ).json();
      const before = smtp.messages.length;
      await call('POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [person!.id] });
      const mail = await smtp.messages.slice(before)[0]!.parsed();
      const html = String(mail.html);
      expect(html).toContain('<p>Body</p>');
      expect(html).toContain('-- <br>Alex &lt;Morgan&gt;<br>Brightlane Studio');
      // The signature comes before the unsubscribe footer, which stays last.
      expect(html.indexOf('Brightlane Studio')).toBeLessThan(html.indexOf('Unsubscribe'));
      const [copy] = await t.database.db
        .select({ content: contactMessages.content })
        .from(contactMessages)
        .where(eq(contactMessages.contactId, person!.id));
      expect(copy!.content).toContain('Alex &lt;Morgan&gt;<br>Brightlane Studio');
      expect(copy!.content).not.toContain('Unsubscribe');
    } finally {
      await call('PUT', '/api/admin/mail/signature', { signature: '' });
    }
  });

  it("a draft's send goes to the contacts confirmed in the send, not to those left out of its earlier choice", async () => {
    const { call, addContacts } = env;
    const [keep, drop, added] = await addContacts(['Draft Keep', 'Draft Drop', 'Draft Added']);
    const draft = (
      await call('POST', '/api/admin/campaigns', {
        name: 'Confirm',
        subject: 'Confirmed',
        htmlContent: '<p>Hi</p>',
        recipientIds: [keep!.id, drop!.id],
      })
    ).json();
    const before = smtp.messages.length;
    const res = await call('POST', `/api/admin/campaigns/${draft.id}/send`, {
      recipientIds: [keep!.id, added!.id],
    });
    expect(res.json()).toMatchObject({ success: 2, failed: 0, pending: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(
      smtp.messages
        .slice(before)
        .flatMap((m) => m.envelopeTo)
        .sort(),
    ).toEqual(['draft.added@example.com', 'draft.keep@example.com']);
    const details = (await call('GET', `/api/admin/campaigns/${draft.id}/details`)).json();
    expect(details.recipients.map((r: { contactId: number }) => r.contactId).sort()).toEqual(
      [keep!.id, added!.id].sort(),
    );
  });

  it('unsubscribes by the GET page and POST, and by one-click POST; forged tokens are refused; unsubscribed are skipped', async () => {
    const { call, addContacts, t } = env;
    const [una, ona] = await addContacts(['Una Page', 'Ona Click']);
    const campaign = (
      await call('POST', '/api/admin/campaigns', { name: 'U', subject: 'U', htmlContent: '<p>U</p>' })
    ).json();
    const before = smtp.messages.length;
    await call('POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [una!.id, ona!.id] });
    const links = await Promise.all(
      smtp.messages.slice(before).map(async (m) => {
        const mail = await m.parsed();
        const link = mail.headers
          .find((h) => h.key === 'list-unsubscribe')!
          .value.match(/<(https:[^>]+)>/)![1]!;
        return { to: m.envelopeTo[0], path: new URL(link).pathname };
      }),
    );
    const unaLink = links.find((l) => l.to === 'una.page@example.com')!.path;
    const onaLink = links.find((l) => l.to === 'ona.click@example.com')!.path;

    const page = await t.app.inject({ method: 'GET', url: unaLink });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    // The page carries the token and the confirmation names the recipient: no cache keeps either.
    expect(page.headers['cache-control']).toBe('no-store');
    const [stillSubscribed] = await t.database.db.select().from(contacts).where(eq(contacts.id, una!.id));
    expect(stillSubscribed?.unsubscribedAt).toBeNull();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: unaLink,
      // What Chromium sends from the page's form (served with Referrer-Policy: no-referrer).
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('una.page@example.com will not receive');
    expect(confirmed.headers['cache-control']).toBe('no-store');

    const oneClick = await t.app.inject({
      method: 'POST',
      url: onaLink,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);

    const [id, mac] = unaLink.split('/').at(-1)!.split('.');
    const forged = `/unsubscribe/${Number(id) + 1}.${mac}`;
    expect((await t.app.inject({ method: 'POST', url: forged })).statusCode).toBe(404);
    const altered = `/unsubscribe/${id}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(404);

    const detail = (await call('GET', `/api/admin/contacts/${una!.id}`)).json();
    expect(detail.contact.unsubscribed).toBe(true);
    const audience = (await call('GET', '/api/admin/campaigns/audience')).json() as {
      id: number;
      name: string;
      unsubscribed: boolean;
    }[];
    expect(audience.find((m) => m.id === una!.id)).toEqual({
      id: una!.id,
      name: 'Una Page',
      email: 'una.page@example.com',
      unsubscribed: true,
      mark: null,
    });
    expect(audience.find((m) => m.id === ona!.id)?.unsubscribed).toBe(true);
    const names = audience.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const next = (
      await call('POST', '/api/admin/campaigns', { name: 'N', subject: 'N', htmlContent: '<p>N</p>' })
    ).json();
    const mark = smtp.messages.length;
    const res = await call('POST', `/api/admin/campaigns/${next.id}/send`, {
      recipientIds: [una!.id, ona!.id],
    });
    expect(res.json()).toMatchObject({ success: 0, skipped: 2 });
    expect(smtp.messages.length).toBe(mark);

    // Writing in again with the same address does not resubscribe them.
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Una Again', email: 'UNA.PAGE@example.com', message: 'hello again' },
    });
    const [again] = await t.database.db.select().from(contacts).where(eq(contacts.name, 'Una Again'));
    expect(again?.unsubscribedAt).not.toBeNull();
  });

  it('sends a large batch in the background (202) and finishes it', async () => {
    const { call, addContacts } = env;
    const people = await addContacts(Array.from({ length: 60 }, (_, i) => `Bulk ${i}`));
    const campaign = (
      await call('POST', '/api/admin/campaigns', { name: 'Bulk', subject: 'B', htmlContent: '<p>B</p>' })
    ).json();
    const before = smtp.messages.length;
    const res = await call('POST', `/api/admin/campaigns/${campaign.id}/send`, {
      recipientIds: people.map((p) => p.id),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().pending).toBeGreaterThan(0);
    await smtp.waitFor(before + 60);
    const until = Date.now() + 10_000;
    let details: { status: string; sentCount: number };
    do {
      details = (await call('GET', `/api/admin/campaigns/${campaign.id}/details`)).json();
      if (details.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 100));
    } while (Date.now() < until);
    expect(details).toMatchObject({ status: 'sent', sentCount: 60 });
  });
});

describe('daily cap', () => {
  it('holds back mail beyond the rolling 24-hour cap and releases it when the window moves', async () => {
    let clock = Date.now();
    const env = await setup({ MAIL_DAILY_LIMIT: '3' }, () => new Date(clock));
    try {
      const { call, addContacts, smtp } = env;
      const people = await addContacts(['Cap A', 'Cap B', 'Cap C', 'Cap D', 'Cap E']);
      const campaign = (
        await call('POST', '/api/admin/campaigns', { name: 'Cap', subject: 'C', htmlContent: '<p>C</p>' })
      ).json();
      const res = await call('POST', `/api/admin/campaigns/${campaign.id}/send`, {
        recipientIds: people.map((p) => p.id),
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ success: 3, pending: 2 });
      expect(smtp.messages).toHaveLength(3);
      expect((await call('GET', '/api/admin/mail-usage')).json()).toEqual({ sentLast24h: 3, dailyLimit: 3 });
      await new Promise((r) => setTimeout(r, 400));
      expect(smtp.messages).toHaveLength(3);

      clock += 25 * 60 * 60 * 1000;
      await smtp.waitFor(5);
      const until = Date.now() + 5000;
      let status = '';
      while (Date.now() < until && status !== 'sent') {
        status = (await call('GET', `/api/admin/campaigns/${campaign.id}/details`)).json().status;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe('sent');
    } finally {
      await env.t.close();
      await env.smtp.close();
    }
  });

  it('counts single emails and lead notifications too: at the cap one-to-one email is refused and notifications wait', async () => {
    const env = await setup({ MAIL_DAILY_LIMIT: '2' });
    try {
      const { call, addContacts, smtp, t } = env;
      const [ada] = await addContacts(['Cap Single']);
      const send = (subject: string) =>
        call('POST', `/api/admin/contacts/${ada!.id}/send-email`, { subject, content: `<p>${subject}</p>` });
      expect((await send('One')).statusCode).toBe(201);
      expect((await send('Two')).statusCode).toBe(201);
      const refused = await send('Three');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(
        'Daily sending limit reached: 2 emails in the last 24 hours. Try again later.',
      );
      expect(smtp.messages).toHaveLength(2);
      const thread = await t.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.contactId, ada!.id));
      expect(thread.map((m) => m.subject)).toEqual(['One', 'Two']);

      // A lead is stored at once; its notification waits for the window.
      const lead = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Late Lead', email: 'late@example.com', message: 'Hello' },
      });
      expect(lead.statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.messages).toHaveLength(2);
      const [queued] = await t.database.db.select().from(mailQueue);
      expect(queued).toMatchObject({ status: 'pending', attempts: 0 });

      // The two emails leave the 24-hour window: the notification goes out.
      await t.database.db
        .update(contactMessages)
        .set({ sentAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(contactMessages.contactId, ada!.id));
      await smtp.waitFor(3);
      expect((await smtp.messages[2]!.parsed()).subject).toContain('Late Lead');
    } finally {
      await env.t.close();
      await env.smtp.close();
    }
  });
});
