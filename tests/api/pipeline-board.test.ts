import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactTotals } from '../../src/server/pipeline/board.ts';
import { compactSourceTotals } from '../../src/server/pipeline/source-report.ts';
import { createTestApp, insertContacts, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * The board (GET /api/admin/pipeline and /pipeline/{status}, decision 063): five columns with
 * counts and value sums kept by triggers whatever changes a contact, cards newest move first,
 * paging by cursor without gaps or repeats, and refusals of bad statuses and cursors.
 */

let t: TestApp;
let cookie: string;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const move = (id: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/contacts/${id}/status`, headers: { cookie }, payload });
type Column = {
  status: string;
  count: number;
  value: number;
  cards: { id: number }[];
  nextCursor: string | null;
};
const board = async () => {
  const res = await get('/api/admin/pipeline');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { currency: string; columns: Column[] };
};
const column = async (status: string) => (await board()).columns.find((c) => c.status === status)!;
/** The counts and sums the board shows, against the contacts table itself. */
const truth = async () =>
  Object.fromEntries(
    (
      (await t.database.db.execute(
        sql`select status, count(*)::int as n, coalesce(sum(deal_value), 0)::bigint as v from contacts group by status`,
      )) as unknown as { rows: { status: string; n: number; v: string }[] }
    ).rows.map((r) => [r.status, { count: Number(r.n), value: Number(r.v) }]),
  );
const shown = async () =>
  Object.fromEntries(
    (await board()).columns
      .filter((c) => c.count > 0)
      .map((c) => [c.status, { count: c.count, value: c.value }]),
  );

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

describe('GET /api/admin/pipeline', () => {
  it('answers five columns with counts and value sums that follow every kind of change', async () => {
    const empty = await board();
    expect(empty.currency).toBe('EUR');
    expect(empty.columns.map((c) => c.status)).toEqual([
      'new',
      'contacted',
      'qualified',
      'converted',
      'lost',
    ]);
    expect(empty.columns.every((c) => c.count === 0 && c.value === 0 && c.cards.length === 0)).toBe(true);

    const ids = await insertContacts(t.database.db, 'deal', 6, 'board.example', (i) => ({
      dealValue: (i + 1) * 100_00,
    }));
    await insertContacts(t.database.db, 'held', 2, 'board.example', () => ({ status: 'spam', dealValue: 5 }));
    expect((await column('new')).count).toBe(6);
    expect((await column('new')).value).toBe(2100_00);
    await move(ids[0]!, { status: 'qualified' });
    await move(ids[1]!, { status: 'lost', lostReason: 'budget' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${ids[2]}`,
      headers: { cookie },
      payload: { dealValue: 999 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/contacts/bulk',
      headers: { cookie },
      payload: { selection: { ids: [ids[3], ids[4]] }, action: { type: 'setStatus', status: 'contacted' } },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/contacts/${ids[5]}`, headers: { cookie } });
    const expected = await truth();
    delete expected.spam;
    expect(await shown()).toEqual(expected);
    expect(await column('qualified')).toMatchObject({ count: 1, value: 100_00 });
    expect(await column('lost')).toMatchObject({ count: 1, value: 200_00 });
    expect(await column('new')).toMatchObject({ count: 1, value: 999 });
  });

  it('keeps the sums right under parallel moves, and after its deltas are folded together', async () => {
    const ids = await insertContacts(t.database.db, 'burst', 40, 'board.example', () => ({ dealValue: 1 }));
    const statuses = ['contacted', 'qualified', 'converted', 'new'];
    await Promise.all(ids.map((id, i) => move(id, { status: statuses[i % 4]! })));
    // More than 200 delta rows: the next read folds them.
    for (let i = 0; i < 3; i++)
      await Promise.all(ids.slice(0, 40).map((id, k) => move(id, { status: statuses[(k + i + 1) % 4]! })));
    const expected = await truth();
    delete expected.spam;
    expect(await shown()).toEqual(expected);
    const deltas = await t.database.db.execute(sql`select count(*)::int as n from pipeline_totals`);
    expect(Number((deltas as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBeLessThanOrEqual(6);
    expect(await shown()).toEqual(expected);
  });

  it("counts the form's leads at New for the dashboard from the same totals, whatever changes a contact", async () => {
    const newContacts = async () => {
      const res = await get('/api/admin/analytics');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { newContacts: number }).newContacts;
    };
    const recount = async () =>
      Number(
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from contacts where status = 'new' and origin = 'form'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    const form = await insertContacts(t.database.db, 'form-lead', 5, 'fresh.example');
    await insertContacts(t.database.db, 'imported', 3, 'fresh.example', () => ({ origin: 'import' }));
    await insertContacts(t.database.db, 'by-hand', 2, 'fresh.example', () => ({ origin: 'manual' }));
    expect(await newContacts()).toBe(await recount());
    await move(form[0]!, { status: 'contacted' });
    await move(form[1]!, { status: 'spam' });
    await move(form[2]!, { status: 'qualified' });
    await move(form[2]!, { status: 'new' });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/contacts/${form[3]}`, headers: { cookie } });
    await t.database.db.execute(sql`update contacts set origin = 'manual' where id = ${form[4]!}`);
    const expected = await recount();
    expect(await newContacts()).toBe(expected);
    // Folded together, the figure stays.
    await compactTotals(t.database.db);
    expect(await newContacts()).toBe(expected);
  });

  it("groups the dashboard's 'Leads by source' from the source totals as the contacts table would, whatever changes a contact", async () => {
    type Row = { source: string; medium: string | null; campaign: string | null; leads: number };
    const key = (r: Row) => `${r.source}|${r.medium}|${r.campaign}|${r.leads}`;
    const shownRows = async () => {
      const res = await get('/api/admin/analytics');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { leadsBySource: Row[] }).leadsBySource.map(key).sort();
    };
    // What the card grouped from the contacts table before the totals carried medium and campaign.
    const recount = async () =>
      (
        (await t.database.db.execute(sql`
          select coalesce(source_utm_source, source_referrer_host, '(direct)') as source,
            source_utm_medium as medium, source_utm_campaign as campaign, count(*)::int as leads
          from contacts
          where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '29 days'
            and status <> 'spam' and origin = 'form'
          group by 1, 2, 3`)) as unknown as { rows: Row[] }
      ).rows
        .map(key)
        .sort();
    const tagged = (i: number) => ({
      sourceUtmSource: ['newsletter', 'instagram', null][i % 3],
      sourceReferrerHost: i % 3 === 2 ? 'www.google.com' : null,
      sourceUtmMedium: ['email', 'social', null][i % 3],
      sourceUtmCampaign: i % 2 === 0 ? 'autumn' : 'Été 🍂 ٢٠٢٦',
    });
    const ids = await insertContacts(t.database.db, 'by-source', 9, 'source.example', tagged);
    await insertContacts(t.database.db, 'by-source-import', 4, 'source.example', (i) => ({
      ...tagged(i),
      origin: 'import',
    }));
    expect(await shownRows()).toEqual(await recount());
    await move(ids[0]!, { status: 'spam' });
    await move(ids[1]!, { status: 'qualified' });
    await t.app.inject({ method: 'DELETE', url: `/api/admin/contacts/${ids[2]}`, headers: { cookie } });
    await t.database.db.execute(sql`update contacts set source_utm_medium = 'cpc' where id = ${ids[3]!}`);
    await t.database.db.execute(sql`update contacts set source_utm_campaign = null where id = ${ids[4]!}`);
    await t.database.db.execute(sql`update contacts set origin = 'manual' where id = ${ids[5]!}`);
    await t.database.db.execute(
      sql`update contacts set created_at = now() - interval '40 days' where id = ${ids[6]!}`,
    );
    const expected = await recount();
    expect(expected.some((r) => r.startsWith('newsletter|cpc|'))).toBe(true);
    expect(await shownRows()).toEqual(expected);
    await compactSourceTotals(t.database.db);
    expect(await shownRows()).toEqual(expected);
  });

  it('pages a column newest move first, without gaps or repeats, by cursor', async () => {
    const ids = await insertContacts(t.database.db, 'page', 120, 'board.example', (i) => ({
      status: 'qualified',
      // Two groups share a stage time to the microsecond: the id breaks the tie.
      statusChangedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 1000),
    }));
    const first = await column('qualified');
    expect(first.cards).toHaveLength(50);
    const seen = first.cards.map((c) => c.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const res = await get(`/api/admin/pipeline/qualified?cursor=${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().cards.map((c: { id: number }) => c.id));
      cursor = res.json().nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const all = new Set(ids);
    expect(seen.filter((id) => all.has(id))).toHaveLength(120);
    // The most recently moved first: the contact moved by the first test leads.
    expect(seen.indexOf(ids[119]!)).toBeLessThan(seen.indexOf(ids[0]!));
  });

  it('answers a card with its deal, open task and unread marker', async () => {
    const [id] = await insertContacts(t.database.db, 'card', 1, 'board.example', () => ({
      company: 'Acme',
      dealValue: 4200,
      expectedCloseOn: '2027-05-01',
    }));
    await t.database.db.execute(sql`insert into contact_tasks (contact_id, title, due_at)
      values (${id}, 'Later', '2027-02-01T10:00:00Z'), (${id}, 'Sooner', '2027-01-15T10:00:00Z')`);
    await t.database.db.execute(sql`insert into contact_messages (contact_id, sender, content, unread)
      values (${id}, 'contact', '<p>Hi</p>', true)`);
    const card = (await column('new')).cards.find((c) => c.id === id);
    expect(card).toEqual({
      id,
      name: 'card 0',
      company: 'Acme',
      dealValue: 4200,
      expectedCloseOn: '2027-05-01',
      statusChangedAt: expect.any(String),
      nextTaskDueAt: '2027-01-15T10:00:00.000Z',
      unreadReplies: true,
      lostReason: null,
    });
  });

  it('refuses unknown statuses and cursors it did not give, and anyone signed out', async () => {
    for (const url of [
      '/api/admin/pipeline/spam',
      '/api/admin/pipeline/won',
      '/api/admin/pipeline/new?cursor=not!base64',
      `/api/admin/pipeline/new?cursor=${Buffer.from('["x", 1]').toString('base64url')}`,
      `/api/admin/pipeline/new?cursor=${Buffer.from('["2026-01-01 00:00:00+00", 99999999999]').toString('base64url')}`,
      `/api/admin/pipeline/new?cursor=${'A'.repeat(300)}`,
      '/api/admin/pipeline/new?cursor=%00',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/pipeline' })).statusCode).toBe(401);
  });
});
