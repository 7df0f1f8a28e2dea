import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags, tags } from '../../src/db/schema/index.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

describe('GET /api/admin/contacts', () => {
  let t: TestApp;
  let cookie: string;
  const list = async (query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/contacts${query}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { name: string; status: string; createdAt: string }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t.app);
    const base = Date.parse('2026-01-01T10:00:00Z');
    await t.database.db.insert(contacts).values([
      {
        name: 'Alice Baker',
        email: 'alice@bakery.test',
        message: 'Need an ORDER page',
        createdAt: new Date(base),
      },
      {
        name: 'Bob Marine',
        email: 'bob@harbour.test',
        message: 'Shop for 50% off merch',
        status: 'contacted',
        createdAt: new Date(base + 1000),
      },
      {
        name: 'Cara',
        email: 'cara@ORDERS.test',
        message: 'AI triage',
        status: 'qualified',
        createdAt: new Date(base + 2000),
      },
      {
        name: 'Dan',
        email: 'dan@x.test',
        message: 'Done deal',
        status: 'converted',
        createdAt: new Date(base + 3000),
      },
    ]);
  });
  afterAll(async () => t.close());

  it('lists every contact newest first, in the API shape', async () => {
    const all = await list();
    expect(all.map((c) => c.name)).toEqual(['Dan', 'Cara', 'Bob Marine', 'Alice Baker']);
    expect(all[3]).toMatchObject({
      name: 'Alice Baker',
      email: 'alice@bakery.test',
      phone: null,
      status: 'new',
      notes: null,
      preferTextAndCall: false,
      createdAt: '2026-01-01T10:00:00.000Z',
    });
    expect(Object.keys(all[0]!).sort()).toEqual(
      [
        'createdAt',
        'email',
        'id',
        'lastActivityAt',
        'message',
        'name',
        'notes',
        // How the contact came in (form, added by hand, import) and, for an import, when and from which file.
        'origin',
        'importedAt',
        'importFileName',
        'phone',
        'preferTextAndCall',
        'status',
        'unsubscribed',
        // Bouncing addresses and unread replies.
        'bouncing',
        'bounceReason',
        'unreadReplies',
        // Add Contact and import.
        'company',
        // The spam quarantine, a lead's 'Possible spam' signals (decision 057), the first-touch source.
        'source',
        'spamReasons',
        'possibleSpam',
        // The triage table: each row's tags (decision 040).
        'tags',
        // The pipeline (decision 063): the deal, why it was lost, when the stage last changed.
        'dealValue',
        'expectedCloseOn',
        'lostReason',
        'lostReasonText',
        'statusChangedAt',
      ].sort(),
    );
  });

  it('searches name, email and message case-insensitively', async () => {
    expect((await list('?q=order')).map((c) => c.name)).toEqual(['Cara', 'Alice Baker']);
    expect((await list('?q=MARINE')).map((c) => c.name)).toEqual(['Bob Marine']);
    expect((await list('?q=triage')).map((c) => c.name)).toEqual(['Cara']);
    expect(await list('?q=nobody')).toEqual([]);
  });

  it('ignores accents and case on both sides of the search (decision 040)', async () => {
    await t.database.db.insert(contacts).values([
      { name: 'Nguyễn Ngọc Ánh', email: 'anh@accents.test', message: 'Xin chào' },
      { name: 'JOSÉ Álvarez', email: 'jose@accents.test', message: 'Café con leche' },
    ]);
    expect((await list('?q=ngoc')).map((c) => c.name)).toEqual(['Nguyễn Ngọc Ánh']);
    expect((await list('?q=NGỌC')).map((c) => c.name)).toEqual(['Nguyễn Ngọc Ánh']);
    expect((await list('?q=jose%20alv')).map((c) => c.name)).toEqual(['JOSÉ Álvarez']);
    expect((await list('?q=jos%C3%A9')).map((c) => c.name)).toEqual(['JOSÉ Álvarez']);
    expect((await list('?q=cafe')).map((c) => c.name)).toEqual(['JOSÉ Álvarez']);
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts/count?q=ngoc',
      headers: { cookie },
    });
    expect(count.json()).toEqual({ total: 1 });
    await t.database.db.delete(contacts).where(sql`email like '%@accents.test'`);
  });

  it('searches what a contact says now: a changed name, address or message, and nothing once erased (decision 050)', async () => {
    const names = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).map((c) => c.name);
    const [erin] = await t.database.db
      .insert(contacts)
      .values({ name: 'Erin Oldname', email: 'erin@before.test', message: 'first words' })
      .returning({ id: contacts.id });
    expect(await names('oldname')).toEqual(['Erin Oldname']);
    await t.database.db
      .update(contacts)
      .set({ name: 'Erin Zhāng', email: 'erin@after.test', message: 'second thoughts' })
      .where(eq(contacts.id, erin!.id));
    for (const gone of ['oldname', 'before.test', 'first words']) expect(await names(gone)).toEqual([]);
    for (const found of ['zhang', 'after.test', 'second thoughts'])
      expect(await names(found)).toEqual(['Erin Zhāng']);
    // A status change leaves the search text as it was (the trigger watches the three columns).
    await t.database.db.update(contacts).set({ status: 'contacted' }).where(eq(contacts.id, erin!.id));
    expect(await names('zhang')).toEqual(['Erin Zhāng']);
    await t.database.db.delete(contacts).where(eq(contacts.id, erin!.id));
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from contact_search where contact_id = ${erin!.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect((await list('?q=50%25')).map((c) => c.name)).toEqual(['Bob Marine']);
    expect(await list('?q=%25%25%25x')).toEqual([]);
    expect(await list('?q=_')).toEqual([]);
  });

  it('filters by status, and all means no filter', async () => {
    for (const [status, name] of [
      ['new', 'Alice Baker'],
      ['contacted', 'Bob Marine'],
      ['qualified', 'Cara'],
      ['converted', 'Dan'],
    ]) {
      expect((await list(`?status=${status}`)).map((c) => c.name)).toEqual([name]);
    }
    expect(await list('?status=all')).toHaveLength(4);
    expect((await list('?status=new&q=order')).map((c) => c.name)).toEqual(['Alice Baker']);
  });

  it('answers 400 naming the field for an unknown status', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts?status=archived',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fieldErrors).toHaveProperty('status');
  });
});

describe('GET /api/admin/contacts sorted (the triage table, decision 040)', () => {
  let t: TestApp;
  let cookie: string;
  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/contacts${query}`, headers: { cookie } });
  const names = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { name: string }[]).map((c) => c.name);
  };
  /** Every page of `query`, one contact a page, through the cursors. */
  const walk = async (query: string) => {
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const res = await get(`${query}&limit=1${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...(res.json() as { name: string }[]).map((c) => c.name));
      const next = res.headers['x-next-cursor'];
      if (!next) return seen;
      cursor = `&cursor=${encodeURIComponent(String(next))}`;
    }
    throw new Error('too many pages');
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signIn(t.app);
    const base = Date.parse('2026-02-01T10:00:00Z');
    const rows = [
      { name: 'delta Day', email: 'z@d.test', status: 'qualified' as const, at: 1 },
      { name: 'Alpha', email: 'm@a.test', status: 'new' as const, at: 4 },
      { name: 'charlie', email: 'A@c.test', status: 'converted' as const, at: 2 },
      { name: 'Bravo', email: 'b@b.test', status: 'new' as const, at: 3 },
      // Same name and same activity as Bravo: the id breaks the tie in every sort.
      { name: 'bravo', email: 'c@b.test', status: 'contacted' as const, at: 3 },
    ];
    await t.database.db.insert(contacts).values(
      rows.map((r) => ({
        name: r.name,
        email: r.email,
        message: 'Hello',
        status: r.status,
        lastActivityAt: new Date(base + r.at * 1000),
      })),
    );
    const [tag] = await t.database.db.insert(tags).values({ name: 'VIP', color: '#22d3ee' }).returning();
    const [other] = await t.database.db.insert(tags).values({ name: 'agency', color: '#ff00ff' }).returning();
    const [alpha] = await t.database.db.select().from(contacts).where(eq(contacts.name, 'Alpha'));
    await t.database.db.insert(contactTags).values([
      { contactId: alpha!.id, tagId: tag!.id },
      { contactId: alpha!.id, tagId: other!.id },
    ]);
  });
  afterAll(async () => t.close());

  it('sorts by last activity (default newest first), name, email and status, both ways', async () => {
    expect(await names('?')).toEqual(['Alpha', 'bravo', 'Bravo', 'charlie', 'delta Day']);
    expect(await names('?sort=activity&order=asc')).toEqual([
      'delta Day',
      'charlie',
      'Bravo',
      'bravo',
      'Alpha',
    ]);
    expect(await names('?sort=name')).toEqual(['Alpha', 'Bravo', 'bravo', 'charlie', 'delta Day']);
    expect(await names('?sort=name&order=desc')).toEqual(['delta Day', 'charlie', 'bravo', 'Bravo', 'Alpha']);
    expect(await names('?sort=email')).toEqual(['charlie', 'Bravo', 'bravo', 'Alpha', 'delta Day']);
    // Status in the pipeline's order, then by last activity the same way.
    expect(await names('?sort=status')).toEqual(['Bravo', 'Alpha', 'bravo', 'delta Day', 'charlie']);
    expect(await names('?sort=status&order=desc')).toEqual([
      'charlie',
      'delta Day',
      'bravo',
      'Alpha',
      'Bravo',
    ]);
    expect(await names('?sort=name&status=new')).toEqual(['Alpha', 'Bravo']);
    expect(await names('?sort=name&order=desc&q=bravo')).toEqual(['bravo', 'Bravo']);
  });

  it('pages every sort through its cursor in the same order, each contact once', async () => {
    for (const query of [
      '?sort=activity&order=desc',
      '?sort=activity&order=asc',
      '?sort=name&order=asc',
      '?sort=name&order=desc',
      '?sort=email&order=asc',
      '?sort=email&order=desc',
      '?sort=status&order=asc',
      '?sort=status&order=desc',
    ]) {
      expect(await walk(query), query).toEqual(await names(query));
    }
  });

  it("answers 400 for an unknown sort or order, and for another sort's or a forged cursor", async () => {
    for (const query of ['?sort=phone', '?order=up']) {
      const res = await get(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    const first = await get('?sort=name&limit=1');
    const cursor = String(first.headers['x-next-cursor']);
    expect((await get(`?sort=email&limit=1&cursor=${cursor}`)).statusCode).toBe(400);
    expect((await get(`?sort=name&order=desc&limit=1&cursor=${cursor}`)).statusCode).toBe(400);
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      forge({ s: 'name', o: 'asc', k: ['a\u0000b', 1] }),
      forge({ s: 'name', o: 'asc', k: ['a', 2 ** 31] }),
      forge({ s: 'name', o: 'asc', k: [1, 1] }),
      forge({ s: 'status', o: 'asc', k: [9, '1', 1] }),
      forge({ s: 'activity', o: 'desc', k: ['99999999999999999', 1] }),
      forge(null),
      'not-json',
    ]) {
      const sort =
        bad.length > 12 ? JSON.parse(Buffer.from(bad, 'base64url').toString() || 'null')?.s : 'name';
      const res = await get(`?sort=${sort ?? 'name'}&limit=1&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: 'Invalid cursor' });
    }
  });

  it('gives each row its tags, by name', async () => {
    const res = await get('?sort=name&limit=2');
    const [alpha, bravo] = res.json() as { name: string; tags: { name: string; color: string }[] }[];
    expect(alpha!.tags.map((tag) => tag.name)).toEqual(['agency', 'VIP']);
    expect(alpha!.tags[1]).toMatchObject({ name: 'VIP', color: '#22d3ee' });
    expect(bravo!.tags).toEqual([]);
  });
});
