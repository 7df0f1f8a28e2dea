import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../src/db/schema/index.ts';
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
        'phone',
        'preferTextAndCall',
        'status',
        'unsubscribed',
        // Issue #12: bouncing addresses and unread replies.
        'bouncing',
        'bounceReason',
        'unreadReplies',
      ].sort(),
    );
  });

  it('searches name, email and message case-insensitively', async () => {
    expect((await list('?q=order')).map((c) => c.name)).toEqual(['Cara', 'Alice Baker']);
    expect((await list('?q=MARINE')).map((c) => c.name)).toEqual(['Bob Marine']);
    expect((await list('?q=triage')).map((c) => c.name)).toEqual(['Cara']);
    expect(await list('?q=nobody')).toEqual([]);
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
      url: '/api/admin/contacts?status=lost',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fieldErrors).toHaveProperty('status');
  });
});
