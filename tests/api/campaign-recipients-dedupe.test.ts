import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, contacts } from '../../src/db/schema/index.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

type Method = 'GET' | 'POST';

/** Nobody mailed twice, campaign mail in the conversation, and placeholders. */
describe('campaign recipients and placeholders', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let cookie: string;
  const call = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const sentTo = (from: number) =>
    smtp.messages.slice(from).flatMap((m) => m.envelopeTo.map((a) => a.toLowerCase()));
  /** A person and an older duplicate contact with the same address, as migration 0001 leaves them. */
  async function personTwice(name: string, email: string) {
    const [primary] = await t.database.db.insert(contacts).values({ name, email, message: 'Hi' }).returning();
    const [duplicate] = await t.database.db
      .insert(contacts)
      .values({ name, email: email.toUpperCase(), message: 'Hi again', legacyDuplicate: true })
      .returning();
    return [primary!, duplicate!] as const;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(
      { SMTP_URL: smtp.url, SMTP_RATE_LIMIT: '0', APP_URL: 'https://agency.example' },
      { app: { campaignPollMs: 100, mailQueuePollMs: 100 } },
    );
    cookie = await signIn(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('Resend to New Recipients never reaches an address twice, even through a duplicate contact', async () => {
    const [olivia, oliviaAgain] = await personTwice('Olivia Martin', 'olivia@example.com');
    const campaign = (
      await call('POST', '/api/admin/campaigns', { name: 'Spring', subject: 'Hi', htmlContent: '<p>Hi</p>' })
    ).json();
    const before = smtp.messages.length;
    expect(
      (await call('POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [olivia.id] }))
        .statusCode,
    ).toBe(200);
    const resend = await call('POST', `/api/admin/campaigns/${campaign.id}/send`, {
      recipientIds: [oliviaAgain.id],
    });
    expect(resend.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(sentTo(before)).toEqual(['olivia@example.com']);
    const details = (await call('GET', `/api/admin/campaigns/${campaign.id}/details`)).json();
    expect(details.recipients).toEqual([
      expect.objectContaining({ contactId: olivia.id, email: 'olivia@example.com', status: 'sent' }),
    ]);
  });

  it('parallel sends of one campaign to both contacts of one address mail it once', async () => {
    const [liam, liamAgain] = await personTwice('Liam Hall', 'liam@example.com');
    const campaign = (
      await call('POST', '/api/admin/campaigns', { name: 'Race', subject: 'Hi', htmlContent: '<p>Hi</p>' })
    ).json();
    const before = smtp.messages.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', `/api/admin/campaigns/${campaign.id}/send`, {
          recipientIds: i % 2 ? [liam.id, liamAgain.id] : [liamAgain.id, liam.id],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 202)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(sentTo(before)).toEqual(['liam@example.com']);
    const rows = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaign.id));
    expect(rows).toHaveLength(1);
    // The database itself refuses a second row for the address, in any case.
    await expect(
      t.database.db
        .insert(campaignRecipients)
        .values({ campaignId: campaign.id, contactId: liamAgain.id, email: 'LIAM@example.com', name: 'x' }),
    ).rejects.toThrow();
  });

  it('a campaign email appears in the recipient’s conversation, marked with the campaign’s name', async () => {
    const [ana] = await t.database.db
      .insert(contacts)
      .values({ name: 'Ana <b>Li</b> Costa', email: 'ana@example.com', message: 'Hi' })
      .returning();
    const campaign = (
      await call('POST', '/api/admin/campaigns', {
        name: 'Autumn news',
        subject: '{{firstName}}, autumn news',
        htmlContent: '<p>Dear {{ firstName }} ({{name}}, {{email}})</p>',
      })
    ).json();
    const before = smtp.messages.length;
    const sent = await call('POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [ana!.id] });
    expect(sent.json()).toMatchObject({ success: 1 });
    const mail = await smtp.messages[before]!.parsed();
    expect(mail.subject).toBe('Ana, autumn news');
    expect(mail.html).toContain('<p>Dear Ana (Ana &lt;b&gt;Li&lt;/b&gt; Costa, ana@example.com)</p>');

    const messages = (await call('GET', `/api/admin/contacts/${ana!.id}/messages`)).json();
    expect(messages).toEqual([
      expect.objectContaining({
        sender: 'admin',
        campaignName: 'Autumn news',
        subject: 'Ana, autumn news',
        content: '<p>Dear Ana (Ana &lt;b&gt;Li&lt;/b&gt; Costa, ana@example.com)</p>',
      }),
    ]);
    const details = (await call('GET', `/api/admin/campaigns/${campaign.id}/details`)).json();
    expect(messages[0].sentAt).toBe(details.recipients[0].sentAt);
  });

  it('an unknown placeholder blocks creating, naming the known ones', async () => {
    const cases: [object, string][] = [
      [
        { name: 'P', subject: 'Hi', htmlContent: '<p>Hi {{ first_name }}</p>' },
        'Unknown placeholder {{ first_name }}. Use {{name}}, {{firstName}} or {{email}}.',
      ],
      [
        { name: 'P', subject: 'Hi {{Name}}', htmlContent: '<p>Hi {{phone}} {{x}} {{phone}}</p>' },
        'Unknown placeholder {{Name}}. Use {{name}}, {{firstName}} or {{email}}.',
      ],
      [
        { name: 'P', subject: 'Hi', htmlContent: '<p>{{phone}} {{x}} {{phone}}</p>' },
        'Unknown placeholders {{phone}}, {{x}}. Use {{name}}, {{firstName}} or {{email}}.',
      ],
    ];
    const before = await t.database.db.$count(campaigns);
    for (const [body, error] of cases) {
      const res = await call('POST', '/api/admin/campaigns', body);
      expect([res.statusCode, res.json().error]).toEqual([400, error]);
    }
    expect(await t.database.db.$count(campaigns)).toBe(before);
  });

  it('an unknown placeholder in a draft saved before the rule blocks sending; nothing goes out', async () => {
    const [zoe] = await t.database.db
      .insert(contacts)
      .values({ name: 'Zoe Park', email: 'zoe@example.com', message: 'Hi' })
      .returning();
    const [draft] = await t.database.db
      .insert(campaigns)
      .values({ name: 'Old draft', subject: 'Hi {{first_name}}', htmlContent: '<p>{{company}}</p>' })
      .returning();
    const before = smtp.messages.length;
    const res = await call('POST', `/api/admin/campaigns/${draft!.id}/send`, { recipientIds: [zoe!.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Unknown placeholders {{first_name}}, {{company}}. Use {{name}}, {{firstName}} or {{email}}.',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.length).toBe(before);
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, draft!.id));
    expect(row!.status).toBe('draft');
    expect(await t.database.db.$count(campaignRecipients, eq(campaignRecipients.campaignId, draft!.id))).toBe(
      0,
    );
  });
});
