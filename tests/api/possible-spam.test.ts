import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contacts, mailQueue } from '../../src/db/schema/index.ts';
import { leadDigest } from '../../src/server/mail/lead-digest.ts';
import { heldSpamLine, leadNotification } from '../../src/server/mail/lead-notification.ts';
import { contentSpamReasons, countLinks } from '../../src/server/spam/content-checks.ts';
import { runSpamRetention } from '../../src/server/spam/spam-retention.ts';
import { solvedPow } from './helpers/proof-of-work.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * Decision 057: a lead with a valid proof of work is never held for what it says. Content signals
 * (links, phrases, script, a disposable address) only mark it 'Possible spam'; a missing or spent
 * proof and the honeypot hold it. Held spam is counted in plain sight, and the form's per-address
 * limit lets a whole office write.
 */

/** Real people's enquiries that the content checks used to quarantine. */
const enquiries = {
  twoLinks: {
    name: 'Johanna Becker',
    email: 'j.becker@beckerbau.de',
    message:
      'Guten Tag, our site https://www.beckerbau.de is ten years old and does not work on phones. ' +
      'We like how https://www.example.com shows its projects. Could you send us a quote for a redesign?',
    expected: [],
  },
  arabic: {
    name: 'Omar Al-Farsi',
    email: 'omar@alfarsi-properties.ae',
    message:
      'مرحبا، نحن شركة عقارات في دبي ونحتاج إلى موقع إلكتروني جديد وتطبيق للهاتف لعرض العقارات للعملاء. هل يمكنكم إرسال عرض سعر؟',
    expected: ['script'],
  },
  traffic: {
    name: 'Sarah Whitfield',
    email: 'sarah@whitfieldbakery.co.uk',
    message:
      'Hi, I run a bakery in Leeds. We want more website traffic from people nearby and online ' +
      'orders for cakes. Could we talk next week?',
    expected: ['phrases'],
  },
  crypto: {
    name: 'Tiago Mendes',
    email: 'tiago@lisbonpay.pt',
    message:
      'We are a small fintech in Lisbon and need a crypto wallet app for iOS and Android, ' +
      'with a simple admin for our support team. Budget around 60k EUR.',
    expected: ['phrases'],
  },
} as const;

const form = { phone: '', preferTextAndCall: false, website: '' };

describe('content signals mark a lead, never hold it (decision 057)', () => {
  let t: TestApp;
  let cookie: string;
  let ip = 0;
  let n = 0;
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: `10.57.0.${++ip}` });
  const admin = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { cookie } });
  const row = async (id: number) =>
    (await t.database.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;
  const notificationsOf = async (contactId: number) =>
    (await t.database.db.select().from(mailQueue).where(eq(mailQueue.kind, 'lead_notification'))).filter(
      (m) => m.html.includes(`/admin/contacts/${contactId}"`),
    );
  const analytics = async () => (await admin('GET', '/api/admin/analytics')).json();
  const listed = async (status?: string) =>
    (await admin('GET', `/api/admin/contacts${status ? `?status=${status}` : ''}`)).json() as {
      id: number;
      status: string;
      spamReasons: string[];
      possibleSpam: string[];
    }[];
  /** The enquiry from a fresh address at the same domain (the app outlives one test). */
  const unique = (e: { email: string }) => e.email.replace('@', `+${++n}@`);

  beforeAll(async () => {
    t = await createTestApp({ CONTACT_RATE_LIMIT: '1000', APP_URL: 'https://agency.example' });
    cookie = await signIn(t.app);
  });
  afterAll(async () => t.close());

  it('stores each real enquiry with a proof of work as a new lead: listed, counted, notified, marked', async () => {
    for (const [label, e] of Object.entries(enquiries)) {
      const before = await analytics();
      const res = await post({ ...form, ...e, email: unique(e), altcha: await solvedPow(t.app) });
      expect(res.statusCode, label).toBe(201);
      const id = res.json().id as number;
      expect(await row(id), label).toMatchObject({ status: 'new', spamReasons: [...e.expected] });
      const inList = (await listed()).find((c) => c.id === id);
      expect(inList, label).toMatchObject({ status: 'new', spamReasons: [], possibleSpam: [...e.expected] });
      const detail = (await admin('GET', `/api/admin/contacts/${id}`)).json();
      expect(detail.contact.possibleSpam, label).toEqual([...e.expected]);
      const after = await analytics();
      expect(after.newContacts, label).toBe(before.newContacts + 1);
      expect(after.totalContacts, label).toBe(before.totalContacts + 1);
      expect(after.heldSpam, label).toBe(before.heldSpam);
      expect(await notificationsOf(id), label).toHaveLength(1);
      // And a campaign can go to it like to any lead.
      const email = (await row(id)).email;
      const audience = await admin('GET', `/api/admin/campaigns/audience?q=${encodeURIComponent(email)}`);
      expect(audience.headers['x-selectable-count'], label).toBe('1');
      expect(
        audience.json().map((m: { id: number }) => m.id),
        label,
      ).toEqual([id]);
    }
  });

  it('holds the same enquiries without a proof of work, or with the hidden field filled: no notification, heldSpam counts them', async () => {
    const before = await analytics();
    const held: number[] = [];
    for (const [label, e] of Object.entries(enquiries)) {
      const bare = await post({ ...form, ...e, email: unique(e) });
      expect(bare.statusCode, label).toBe(201);
      expect(await row(bare.json().id), label).toMatchObject({
        status: 'spam',
        spamReasons: ['pow', ...e.expected],
      });
      const honeypot = await post({
        ...form,
        ...e,
        email: unique(e),
        website: 'https://www.beckerbau.de',
        altcha: await solvedPow(t.app),
      });
      expect(await row(honeypot.json().id), label).toMatchObject({ status: 'spam' });
      expect((await row(honeypot.json().id)).spamReasons[0], label).toBe('honeypot');
      held.push(bare.json().id, honeypot.json().id);
    }
    for (const id of held) expect(await notificationsOf(id)).toHaveLength(0);
    const after = await analytics();
    expect(after.heldSpam).toBe(before.heldSpam + held.length);
    expect(after.newContacts).toBe(before.newContacts);
    const spamList = await listed('spam');
    for (const id of held) expect(spamList.find((c) => c.id === id)?.possibleSpam).toEqual([]);
    expect((await listed()).map((c) => c.id)).not.toContain(held[0]);
  });

  it("tells the owner in the next lead's notification how many are held, with the link to review them", async () => {
    const held = (await analytics()).heldSpam as number;
    expect(held).toBeGreaterThan(0);
    const res = await post({
      ...form,
      name: 'Priya Natarajan',
      email: `priya${++n}@natarajan-dental.in`,
      message: 'We need a booking page for our dental clinic in Chennai.',
      altcha: await solvedPow(t.app),
    });
    const [mail] = await notificationsOf(res.json().id);
    expect(mail!.text).toContain(`${held.toLocaleString('en-US')} submissions are held as spam for review:`);
    expect(mail!.text).toContain('https://agency.example/admin/contacts?status=spam');
    expect(mail!.html).toContain('href="https://agency.example/admin/contacts?status=spam"');
  });

  it('a returning contact whose new message trips a check still gets it unread, notified and on top', async () => {
    const email = `m.okafor${++n}@okafor-logistics.ng`;
    const first = await post({
      ...form,
      name: 'Michael Okafor',
      email,
      message: 'We need a tracking page for our trucks.',
      altcha: await solvedPow(t.app),
    });
    const id = first.json().id as number;
    const again = await post({
      ...form,
      name: 'Michael Okafor',
      email,
      message:
        'Following up: could the tracking page also take payment in bitcoin? See https://a.example, https://b.example and https://c.example.',
      altcha: await solvedPow(t.app),
    });
    expect(again.json().id).toBe(id);
    const [message] = await t.database.db
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.contactId, id), eq(contactMessages.sender, 'contact')));
    expect(message).toMatchObject({ unread: true });
    const mails = await notificationsOf(id);
    expect(mails.map((m) => m.subject)).toEqual([
      'New lead: Michael Okafor',
      'Returning lead: Michael Okafor',
    ]);
    expect(await row(id)).toMatchObject({ status: 'new' });
    expect((await listed())[0]?.id).toBe(id);
  });

  it("'Move to spam' holds a marked lead; a later submission does not release it, 'Not spam' does", async () => {
    const e = enquiries.crypto;
    const email = unique(e);
    const id = (await post({ ...form, ...e, email, altcha: await solvedPow(t.app) })).json().id as number;
    const before = await analytics();
    const moved = await admin('POST', `/api/admin/contacts/${id}/spam`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      id,
      status: 'spam',
      spamReasons: ['phrases', 'owner'],
      possibleSpam: [],
    });
    expect((await listed()).map((c) => c.id)).not.toContain(id);
    expect((await analytics()).heldSpam).toBe(before.heldSpam + 1);
    expect((await analytics()).newContacts).toBe(before.newContacts - 1);
    expect((await admin('POST', `/api/admin/contacts/${id}/spam`)).statusCode).toBe(409);
    expect((await admin('POST', '/api/admin/contacts/99999999/spam')).statusCode).toBe(404);

    // The same address writes again with a proof of work: the owner's decision stands, quietly.
    await post({ ...form, ...e, email, message: 'Any news?', altcha: await solvedPow(t.app) });
    expect(await row(id)).toMatchObject({ status: 'spam' });
    expect(await notificationsOf(id)).toHaveLength(1);

    const released = await admin('POST', `/api/admin/contacts/${id}/not-spam`);
    expect(released.json()).toMatchObject({ status: 'new', spamReasons: [], possibleSpam: [] });
  });

  it('a converted contact (a client) cannot be moved to spam', async () => {
    const id = (
      await post({
        ...form,
        name: 'Lena Fischer',
        email: `lena${++n}@fischer-moebel.de`,
        message: 'Please build our furniture shop.',
        altcha: await solvedPow(t.app),
      })
    ).json().id as number;
    expect((await admin('POST', `/api/admin/contacts/${id}/convert-to-client`)).statusCode).toBe(201);
    const res = await admin('POST', `/api/admin/contacts/${id}/spam`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/converted/);
    expect(await row(id)).toMatchObject({ status: 'converted' });
  });

  it("the daily pass counts a moved lead's 30 days from the move, not from its creation", async () => {
    // Days of their own: the app's worker has already claimed today's pass.
    const now = new Date(Date.now() + 2 * 86_400_000);
    const longAgo = new Date(now.getTime() - 400 * 86_400_000);
    const [old] = await t.database.db
      .insert(contacts)
      .values({
        name: 'Hannah Schulz',
        email: `hannah${++n}@schulz-garten.de`,
        message: 'Casino-themed birthday party invitations site?',
        createdAt: longAgo,
        lastActivityAt: longAgo,
      })
      .returning();
    expect((await admin('POST', `/api/admin/contacts/${old!.id}/spam`)).statusCode).toBe(200);
    const erase = { hashKey: t.app.addressHashKey, outboxDir: null };
    expect((await runSpamRetention(t.database.db, erase, now)).claimed).toBe(true);
    expect(await row(old!.id)).toMatchObject({ status: 'spam' });
    const later = await runSpamRetention(t.database.db, erase, new Date(now.getTime() + 31 * 86_400_000));
    expect(later.claimed).toBe(true);
    expect(await t.database.db.select().from(contacts).where(eq(contacts.id, old!.id))).toHaveLength(0);
  });
});

describe('without a proof of work configured (CONTACT_POW=off) and at the default form limit', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ CONTACT_POW: 'off' });
    cookie = await signIn(t.app);
  });
  afterAll(async () => t.close());

  const officeIp = '198.51.100.7';
  const post = (payload: object, remoteAddress = officeIp) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

  it('accepts ten different people behind one office address within minutes; the limit (30) still ends a flood', async () => {
    const people = [
      'Anna Kowalski',
      'Ben Carter',
      'Chloé Dubois',
      'David Cohen',
      'Emre Yılmaz',
      'Fatima Zahra',
      'Greta Lindqvist',
      'Hiroshi Tanaka',
      'Isabel Ortega',
      'Jonas Weber',
    ];
    const ids: number[] = [];
    for (const [i, name] of people.entries()) {
      const res = await post({
        ...form,
        name,
        email: `person${i}@cowork-hub.example`,
        message: `Hi, ${name} here from the co-working space on Market Street: we need a website for our studio.`,
      });
      expect(res.statusCode, name).toBe(201);
      ids.push(res.json().id);
    }
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/contacts', headers: { cookie } })
    ).json() as {
      id: number;
      status: string;
    }[];
    for (const id of ids) expect(list.find((c) => c.id === id)?.status).toBe('new');

    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push(
        (await post({ ...form, name: 'Flood', email: `flood${i}@example.com`, message: 'Hello' })).statusCode,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('content signals only mark; the honeypot still holds', async () => {
    const e = enquiries.arabic;
    const marked = await post({ ...form, ...e }, '198.51.100.8');
    expect(
      (await t.database.db.select().from(contacts).where(eq(contacts.id, marked.json().id)))[0],
    ).toMatchObject({ status: 'new', spamReasons: ['script'] });
    const honeypot = await post(
      { ...form, ...enquiries.traffic, website: 'https://whitfieldbakery.co.uk' },
      '198.51.100.8',
    );
    expect(
      (await t.database.db.select().from(contacts).where(eq(contacts.id, honeypot.json().id)))[0],
    ).toMatchObject({ status: 'spam', spamReasons: ['honeypot', 'phrases'] });
  });
});

describe('link counting and the held line (pure)', () => {
  it('counts each link once; links to the sender’s own domain do not count', () => {
    const text = 'Our site https://www.beckerbau.de … we like https://www.example.com';
    expect(countLinks(text, 'beckerbau.de')).toBe(1);
    expect(countLinks(text, 'gmail.com')).toBe(2);
    expect(
      countLinks('www.beckerbau.de, shop.beckerbau.de: https://shop.beckerbau.de/x', 'beckerbau.de'),
    ).toBe(0);
    expect(
      countLinks('[url=https://spam.example]cheap[/url] <a href="https://spam.example">x</a>', 'a.de'),
    ).toBe(2);
    expect(countLinks('[url]https://spam.example[/url]', 'a.de')).toBe(1);
    // A user part naming the sender's domain does not hide where the link goes.
    expect(
      countLinks('https://beckerbau.de@spam.example https://beckerbau.de.spam.example', 'beckerbau.de'),
    ).toBe(2);
    // Three links on the sender's own site are a firm showing its work, not spam.
    const own = {
      name: 'Johanna Becker',
      email: 'j@beckerbau.de',
      message: 'See https://beckerbau.de/a https://www.beckerbau.de/b https://beckerbau.de/c',
    };
    expect(contentSpamReasons(own)).toEqual([]);
    expect(contentSpamReasons({ ...own, email: 'j@gmail.com' })).toEqual(['links']);
  });

  it('a long message of links is counted in linear time', () => {
    const started = performance.now();
    const many = 'https://a.example/ '.repeat(900) + '[url=x] '.repeat(500) + '<a href=x> '.repeat(500);
    expect(countLinks(many, 'x.de')).toBe(1900);
    // Openings that never close: each would scan to the end and fail without the optional ends.
    expect(countLinks('[url='.repeat(3200), 'x.de')).toBe(1);
    expect(countLinks('<a '.repeat(5000), 'x.de')).toBe(1);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('the notification and the digest say how many are held, and nothing at 0', () => {
    const notify = {
      to: 'owner@example.com',
      contactId: 7,
      adminUrl: 'https://agency.example',
      siteName: 'Brightlane',
      lead: {
        name: 'Ada',
        email: 'ada@example.com',
        phone: undefined,
        message: 'Hi',
        preferTextAndCall: false,
      },
    };
    expect(leadNotification({ ...notify, heldSpam: 0 }).text).not.toContain('held as spam');
    expect(leadNotification({ ...notify, heldSpam: 1 }).text).toContain(
      '1 submission is held as spam for review:\nhttps://agency.example/admin/contacts?status=spam',
    );
    expect(leadNotification({ ...notify, heldSpam: 10_000 }).text).toContain('10,000 or more submissions');
    const entries = [{ html: '<li>Ada</li>', text: '- Ada' }];
    const digest = leadDigest({
      siteName: 'Brightlane',
      entries,
      held: heldSpamLine(3, 'https://agency.example'),
    });
    expect(digest.text).toContain('3 submissions are held as spam for review:');
    expect(digest.html).toContain('href="https://agency.example/admin/contacts?status=spam"');
    expect(leadDigest({ siteName: 'Brightlane', entries, held: null }).text).not.toContain('held');
  });
});
