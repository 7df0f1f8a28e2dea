import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { contactMessages, contacts, mailQueue } from '../../src/db/schema/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { resultRows } from '../../src/server/campaigns/campaign-audience.ts';
import { loadConfig } from '../../src/server/config.ts';
import { runSpamRetention } from '../../src/server/spam/spam-retention.ts';
import { solvedPow } from './helpers/proof-of-work.ts';
import { createTestApp, signIn, type TestApp, usingPostgres } from './helpers/test-app.ts';

/** A person's lead, as the landing's form sends it (the proof of work is added per test). */
const person = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  message: 'We would like a new website for our shop.',
  phone: '',
  preferTextAndCall: false,
  website: '',
};

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('contact form spam quarantine and proof of work (decision 037)', () => {
  let t: TestApp;
  let cookie: string;
  let ip = 0;
  let n = 0;
  const post = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: `10.1.0.${++ip}`, headers });
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const row = async (id: number) =>
    (await t.database.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;
  const notifications = async (contactId: number) =>
    (await t.database.db.select().from(mailQueue).where(eq(mailQueue.kind, 'lead_notification'))).filter(
      (m) => m.html.includes(`/admin/contacts/${contactId}"`),
    ).length;
  const lead = (extra: object = {}) => ({ ...person, email: `lead${++n}@example.com`, ...extra });

  beforeAll(async () => {
    t = await createTestApp({ CONTACT_RATE_LIMIT: '1000' });
    cookie = await signIn(t.app);
  });
  afterAll(async () => t.close());

  it('accepts a solved challenge once: a lead with its notification; the replay is spam with none', async () => {
    const altcha = await solvedPow(t.app);
    const first = await post({ ...lead(), altcha });
    expect(first.statusCode).toBe(201);
    expect(await row(first.json().id)).toMatchObject({ status: 'new', spamReasons: [] });
    expect(await notifications(first.json().id)).toBe(1);

    const replay = await post({ ...lead(), altcha });
    expect(replay.statusCode).toBe(201);
    expect(Object.keys(replay.json())).toEqual(['id']);
    expect(await row(replay.json().id)).toMatchObject({ status: 'spam', spamReasons: ['pow'] });
    expect(await notifications(replay.json().id)).toBe(0);
  });

  it('spends a challenge posted ten times at once exactly once; a replay by a known lead is held, its contact untouched', async () => {
    const altcha = await solvedPow(t.app);
    const burst = await Promise.all(Array.from({ length: 10 }, () => post({ ...lead(), altcha })));
    const rows = await Promise.all(burst.map((res) => row(res.json().id)));
    expect(rows.filter((r) => r.status === 'new')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'spam' && r.spamReasons.join() === 'pow')).toHaveLength(9);

    // A real lead's address with a spent challenge: the contact stays a lead with one unread
    // message and no second notification; the replayed text is kept, read, as held.
    const known = lead();
    const first = await post({ ...known, altcha: await solvedPow(t.app) });
    const again = await post({ ...known, message: 'Replayed text', altcha });
    expect(again.json().id).toBe(first.json().id);
    expect(await row(first.json().id)).toMatchObject({ status: 'new', spamReasons: [] });
    expect(await notifications(first.json().id)).toBe(1);
    const messages = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contactId, first.json().id));
    expect(messages.map((m) => [m.textContent, m.unread])).toEqual([['Replayed text', false]]);
  });

  it('refuses a replay through a second app instance on the same database', async () => {
    // On PostgreSQL the second instance has its own connection pool to the same database; the
    // embedded engine is one process's, so there both apps share it.
    const url = usingPostgres ? t.database.url : undefined;
    const database2 = url
      ? await openDatabase({ databaseUrl: url, maxConnections: 2 })
      : { ...t.database, close: async () => {} };
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, CONTACT_RATE_LIMIT: '1000' });
    const second = await buildApp({ config, database: database2, pages: null });
    await second.ready();
    try {
      const altcha = await solvedPow(t.app);
      const viaSecond = await second.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...lead(), altcha },
        remoteAddress: '10.2.0.1',
      });
      expect(viaSecond.statusCode).toBe(201);
      expect(await row(viaSecond.json().id)).toMatchObject({ status: 'new' });
      const replay = await post({ ...lead(), altcha });
      expect(await row(replay.json().id)).toMatchObject({ status: 'spam', spamReasons: ['pow'] });
    } finally {
      // Closing the app closes its database (the embedded one's stand-in closes nothing).
      await second.close();
    }
  });

  it("quarantines the spec's five fields alone, a forged solution and a filled honeypot, with no notification", async () => {
    const bare = await post({
      name: 'Bot',
      email: `bot${++n}@example.com`,
      message: 'Hello',
      phone: '',
      preferTextAndCall: false,
    });
    expect(bare.statusCode).toBe(201);
    expect(await row(bare.json().id)).toMatchObject({ status: 'spam', spamReasons: ['pow'] });

    const solved = JSON.parse(Buffer.from(await solvedPow(t.app), 'base64').toString());
    solved.solution.derivedKey = '00'.repeat(32);
    const forged = await post({ ...lead(), altcha: Buffer.from(JSON.stringify(solved)).toString('base64') });
    expect(await row(forged.json().id)).toMatchObject({ status: 'spam', spamReasons: ['pow'] });
    const garbage = await post({ ...lead(), altcha: 'not base64 json' });
    expect(await row(garbage.json().id)).toMatchObject({ status: 'spam', spamReasons: ['pow'] });

    const honeypot = await post({
      ...lead(),
      website: 'http://spam.example',
      altcha: await solvedPow(t.app),
    });
    expect(await row(honeypot.json().id)).toMatchObject({ status: 'spam', spamReasons: ['honeypot'] });

    for (const res of [bare, forged, garbage, honeypot]) expect(await notifications(res.json().id)).toBe(0);
  });

  it('marks what the content checks flag, without holding it (decision 057)', async () => {
    const cases: [object, string][] = [
      [{ message: 'See https://a.example https://b.example and www.c.example now' }, 'links'],
      [{ message: 'We sell BACKLINKS and guest  post packages for your site.' }, 'phrases'],
      [{ message: 'Здравствуйте, мы предлагаем продвижение вашего сайта недорого' }, 'script'],
      [{ email: `someone${++n}@mailinator.com` }, 'disposable'],
      [{ email: `Someone${++n}@Mailinator.COM` }, 'disposable'],
    ];
    for (const [change, reason] of cases) {
      const res = await post({ ...lead(change), altcha: await solvedPow(t.app) });
      expect(res.statusCode).toBe(201);
      expect(await row(res.json().id)).toMatchObject({ status: 'new', spamReasons: [reason] });
      expect(await notifications(res.json().id)).toBe(1);
    }
    // A person writing with an accent, an emoji, a link or right-to-left name is not flagged.
    const fine = await post({
      ...lead({ name: 'José אברהם', message: 'Hola! Café menu site 🍰, see https://cafe.example' }),
      altcha: await solvedPow(t.app),
    });
    expect(await row(fine.json().id)).toMatchObject({ status: 'new', spamReasons: [] });
  });

  it("keeps spam out of the default list, the counts, 'Recent Contacts' and audiences; 'Spam' lists it", async () => {
    const spam = await post(lead({ name: 'Quarantined Bot' }));
    const id = spam.json().id;
    const list = (await admin('GET', '/api/admin/contacts')).json() as { id: number }[];
    expect(list.map((c) => c.id)).not.toContain(id);
    const recent = (await admin('GET', '/api/admin/contacts?limit=5')).json() as { id: number }[];
    expect(recent.map((c) => c.id)).not.toContain(id);
    const spamList = await admin('GET', '/api/admin/contacts?status=spam');
    expect((spamList.json() as { id: number }[]).map((c) => c.id)).toContain(id);
    const spamCount = (await admin('GET', '/api/admin/contacts/count?status=spam')).json().total;
    const [stored] = resultRows<{ spam: number | string; other: number | string }>(
      await t.database.db.execute(sql`select count(*) filter (where status = 'spam') as spam,
        count(*) filter (where status <> 'spam') as other from contacts`),
    );
    expect(spamCount).toBe(Number(stored!.spam));
    expect((await admin('GET', '/api/admin/contacts/count')).json().total).toBe(Number(stored!.other));
    const analytics = (await admin('GET', '/api/admin/analytics')).json();
    expect(analytics.totalContacts).toBe(Number(stored!.other));
    expect(analytics.daily.at(-1).contacts).toBe(Number(stored!.other));

    const audience = (await admin('GET', '/api/admin/campaigns/audience?limit=200')).json() as {
      id: number;
    }[];
    expect(audience.map((c) => c.id)).not.toContain(id);
    const campaign = await admin('POST', '/api/admin/campaigns', {
      name: 'Autumn',
      subject: 'Hello',
      htmlContent: '<p>Hi</p>',
      recipientIds: [id],
      audience: {},
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const [queued] = resultRows<{ n: number | string }>(
      await t.database.db.execute(
        sql`select count(*) as n from campaign_recipients where contact_id = ${id}`,
      ),
    );
    expect(Number(queued!.n)).toBe(0);
  });

  it("'Not spam' moves the contact to new and sends its notification then", async () => {
    const spam = await post(lead({ name: 'Real Person' }));
    const id = spam.json().id;
    expect(await notifications(id)).toBe(0);
    const released = await admin('POST', `/api/admin/contacts/${id}/not-spam`);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ id, status: 'new', spamReasons: [] });
    expect(await notifications(id)).toBe(1);
    const list = (await admin('GET', '/api/admin/contacts')).json() as { id: number }[];
    expect(list[0]?.id).toBe(id);
    expect((await admin('POST', `/api/admin/contacts/${id}/not-spam`)).statusCode).toBe(409);
    expect((await admin('POST', '/api/admin/contacts/99999999/not-spam')).statusCode).toBe(404);
    expect((await admin('POST', '/api/admin/contacts/4294967296/not-spam')).statusCode).toBe(400);
  });

  it('stores the first-touch source, bounded, and the device class from the user agent', async () => {
    const res = await post(
      {
        ...lead(),
        altcha: await solvedPow(t.app),
        source: {
          referrer: 'News.Example.com',
          utmSource: 'newsletter',
          utmMedium: 'email\r\nInjected: yes',
          utmCampaign: 'x'.repeat(10_000),
          utmTerm: 42,
          landingPath: '/?utm_source=newsletter',
          firstSeenAt: '2026-11-20T10:00:00.000Z',
          cookie: 'dropped',
        },
      },
      { 'user-agent': PHONE_UA },
    );
    expect(res.statusCode).toBe(201);
    const stored = await row(res.json().id);
    expect(stored).toMatchObject({
      status: 'new',
      sourceReferrerHost: 'news.example.com',
      sourceUtmSource: 'newsletter',
      sourceUtmMedium: 'email Injected: yes',
      sourceUtmTerm: null,
      sourceLandingPath: '/?utm_source=newsletter',
      sourceDevice: 'phone',
    });
    expect(stored.sourceUtmCampaign).toBe('x'.repeat(200));
    expect(stored.sourceFirstSeenAt?.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    const detail = (await admin('GET', `/api/admin/contacts/${stored.id}`)).json();
    expect(detail.contact?.source ?? detail.source).toMatchObject({
      utmSource: 'newsletter',
      device: 'phone',
    });

    const badHost = await post({ ...lead(), source: { referrer: 'not a host/..', utmSource: 'ig' } });
    expect(await row(badHost.json().id)).toMatchObject({ sourceReferrerHost: null, sourceUtmSource: 'ig' });
    const notObject = await post({ ...lead(), source: 'newsletter' });
    expect(notObject.statusCode).toBe(201);

    const nul = await post({ ...lead(), source: { utmCampaign: 'autumn\u0000' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toMatch(/NUL/);
  });

  it('filters the list by source; the CSV export has the source columns', async () => {
    const res = await post({
      ...lead({ name: 'From Instagram' }),
      altcha: await solvedPow(t.app),
      source: { utmSource: 'instagram' },
    });
    const direct = await post({ ...lead({ name: 'Direct Visitor' }), altcha: await solvedPow(t.app) });
    const bySource = (await admin('GET', '/api/admin/contacts?source=instagram')).json() as { id: number }[];
    expect(bySource.map((c) => c.id)).toEqual([res.json().id]);
    const byDirect = (
      await admin('GET', `/api/admin/contacts?source=${encodeURIComponent('(direct)')}`)
    ).json() as {
      id: number;
    }[];
    expect(byDirect.map((c) => c.id)).toContain(direct.json().id);
    expect(byDirect.map((c) => c.id)).not.toContain(res.json().id);
    const csv = (await admin('GET', '/api/admin/contacts/export.csv?source=instagram')).body;
    const [header, line] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain(
      'Source,Referrer,UTM source,UTM medium,UTM campaign,UTM term,UTM content,Landing path,First view (UTC),Device',
    );
    expect(line).toContain('From Instagram');
    expect(line).toContain(',instagram,,instagram,');
  });

  it('a returning lead keeps its first source and its message names the new one', async () => {
    const email = `returning${++n}@example.com`;
    const first = await post({
      ...lead({ email }),
      altcha: await solvedPow(t.app),
      source: { utmSource: 'newsletter' },
    });
    const again = await post(
      {
        ...lead({ email, message: 'Me again' }),
        altcha: await solvedPow(t.app),
        source: { utmSource: 'instagram', utmMedium: 'social' },
      },
      { 'user-agent': PHONE_UA },
    );
    expect(again.json().id).toBe(first.json().id);
    expect(await row(first.json().id)).toMatchObject({ sourceUtmSource: 'newsletter' });
    const messages = (await admin('GET', `/api/admin/contacts/${first.json().id}/messages`)).json() as {
      content: string;
    }[];
    expect(messages.at(-1)?.content).toContain('Me again<br><br>Source: instagram / social (phone)');
  });

  it('the daily pass erases spam older than 30 days, once across instances', async () => {
    const now = new Date('2030-01-31T12:00:00Z');
    const erase = { hashKey: t.app.addressHashKey, outboxDir: null };
    const make = async (status: 'spam' | 'new', daysAgo: number) => {
      const [c] = await t.database.db
        .insert(contacts)
        .values({
          name: `Old ${status} ${daysAgo}`,
          email: `old-${status}-${daysAgo}-${++n}@example.com`,
          message: 'x',
          status,
          createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
          lastActivityAt: new Date(now.getTime() - daysAgo * 86_400_000),
        })
        .returning();
      return c!.id;
    };
    const old = await make('spam', 31);
    const recent = await make('spam', 29);
    const oldLead = await make('new', 400);
    const [first, second] = await Promise.all([
      runSpamRetention(t.database.db, erase, now),
      runSpamRetention(t.database.db, erase, now),
    ]);
    expect([first.claimed, second.claimed].sort()).toEqual([false, true]);
    expect(first.erased + second.erased).toBeGreaterThanOrEqual(1);
    const left = (await t.database.db.select({ id: contacts.id }).from(contacts)).map((c) => c.id);
    expect(left).not.toContain(old);
    expect(left).toContain(recent);
    expect(left).toContain(oldLead);
    expect((await runSpamRetention(t.database.db, erase, now)).claimed).toBe(false);
    expect((await runSpamRetention(t.database.db, erase, new Date(now.getTime() + 86_400_000))).claimed).toBe(
      true,
    );
  });
});

describe("'Leads by source' and 'Visits by source' (decision 037)", () => {
  let t: TestApp;
  let cookie: string;
  const PERSON_UA =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

  beforeAll(async () => {
    t = await createTestApp(
      { CONTACT_RATE_LIMIT: '1000', APP_URL: 'https://agency.example' },
      { withPages: true },
    );
    cookie = await signIn(t.app);
  });
  afterAll(async () => t.close());

  it('counts views by referrer host and utm_source (people only, no address) and leads by source', async () => {
    const view = (url: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { 'user-agent': PERSON_UA, ...headers },
        remoteAddress: '203.0.113.7',
      });
    expect(
      (
        await view('/?utm_source=newsletter&utm_campaign=autumn', {
          referer: 'https://news.example.org/issue',
        })
      ).statusCode,
    ).toBe(200);
    await view('/?utm_source=newsletter', { referer: 'https://news.example.org/other' });
    await view('/', { referer: 'https://www.google.com/' });
    await view('/', {});
    // A view from this site's own pages counts, with no source; a bot and the admin do not count.
    await view('/', { referer: 'https://agency.example/#services' });
    await view('/?utm_source=newsletter', {
      'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
    });
    await view('/?utm_source=newsletter', { cookie, referer: 'https://news.example.org/' });
    await t.app.visits.flush();

    for (const [utm, ref] of [
      ['newsletter', 'news.example.org'],
      ['instagram', null],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: `10.3.0.${utm.length}`,
        payload: {
          ...person,
          email: `${utm}@example.com`,
          altcha: await solvedPow(t.app),
          source: { utmSource: utm, utmCampaign: 'autumn', ...(ref ? { referrer: ref } : {}) },
        },
      });
      expect(res.statusCode).toBe(201);
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...person, email: 'bot@example.com' },
    });

    const stats = (
      await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: { cookie } })
    ).json();
    expect(stats.visitsBySource).toEqual([
      { source: '(direct)', referrerHost: null, utmSource: null, visits: 2, share: 0.4 },
      {
        source: 'newsletter',
        referrerHost: 'news.example.org',
        utmSource: 'newsletter',
        visits: 2,
        share: 0.4,
      },
      { source: 'www.google.com', referrerHost: 'www.google.com', utmSource: null, visits: 1, share: 0.2 },
    ]);
    expect(stats.totalVisits).toBe(5);
    expect(stats.leadsBySource).toEqual([
      { source: 'instagram', medium: null, campaign: 'autumn', leads: 1, share: 0.5 },
      { source: 'newsletter', medium: null, campaign: 'autumn', leads: 1, share: 0.5 },
    ]);
    const columns = resultRows<{ column_name: string }>(
      await t.database.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'daily_visit_sources'`,
      ),
    ).map((c) => c.column_name);
    expect(columns.sort()).toEqual([
      'created_at',
      'day',
      'referrer_host',
      'updated_at',
      'utm_source',
      'views',
    ]);
  });
});
