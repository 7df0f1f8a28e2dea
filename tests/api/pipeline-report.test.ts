import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultRows } from '../../src/server/campaigns/campaign-audience.ts';
import { compactSourceTotals } from '../../src/server/pipeline/source-report.ts';
import { createTestApp, insertContacts, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * GET /api/admin/reports/sources (decision 064) on a seeded set with known answers: form leads by
 * first-touch source ('Direct' when none), hand-added and imported contacts as their own rows,
 * qualified counted from the history too, won and won value, the window of days.
 */

const NOW = new Date('2026-06-10T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

let t: TestApp;
let cookie: string;
const report = (query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/reports/sources${query}`, headers: { cookie } });

beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'GBP' }, { app: { now: () => NOW } });
  cookie = await signIn(t.app);
  const db = t.database.db;
  const seed = (prefix: string, n: number, extra: (i: number) => object) =>
    insertContacts(db, prefix, n, 'report.example', extra as never);
  // Google (utm_source): 4 leads in 30 days, 1 converted worth 5,000.00, 1 qualified, 1 lost after
  // being qualified (counted qualified through the history).
  const google = await seed('g', 4, (i) => ({
    sourceUtmSource: 'google',
    sourceReferrerHost: 'www.google.com',
    createdAt: daysAgo(5 + i),
    status: (['converted', 'qualified', 'new', 'new'] as const)[i],
    dealValue: i === 0 ? 500_000 : 10_000,
  }));
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/contacts/${google[2]}/status`,
    headers: { cookie },
    payload: { status: 'qualified' },
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/admin/contacts/${google[2]}/status`,
    headers: { cookie },
    payload: { status: 'lost', lostReason: 'budget' },
  });
  // A referrer without UTM: 2 leads at 60 days (only in the 90-day window), both converted.
  await seed('r', 2, () => ({
    sourceReferrerHost: 'news.ycombinator.com',
    createdAt: daysAgo(60),
    status: 'converted',
    dealValue: 120_000,
  }));
  // No source at all: Direct.
  await seed('d', 3, () => ({ createdAt: daysAgo(2) }));
  // Added by hand and imported: their own rows, even with a source-looking field.
  await seed('m', 2, () => ({
    origin: 'manual',
    createdAt: daysAgo(3),
    status: 'converted',
    dealValue: 70_000,
  }));
  await seed('i', 5, () => ({ origin: 'import', sourceUtmSource: 'google', createdAt: daysAgo(1) }));
  // Spam and anything older than a year are never counted.
  await seed('s', 4, () => ({ status: 'spam', sourceUtmSource: 'google', createdAt: daysAgo(1) }));
  await seed('o', 1, () => ({
    sourceUtmSource: 'google',
    createdAt: daysAgo(400),
    status: 'converted',
    dealValue: 9,
  }));
  await db.execute(sql`select 1`);
});
afterAll(async () => t.close());

describe('GET /api/admin/reports/sources', () => {
  it('answers the 30-day rows with known figures, sources first, then by hand and imported', async () => {
    const res = await report('?days=30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      days: 30,
      currency: 'GBP',
      rows: [
        {
          kind: 'source',
          source: 'google',
          leads: 4,
          qualified: 3,
          won: 1,
          wonValue: 500_000,
          conversionRate: 0.25,
        },
        { kind: 'source', source: 'Direct', leads: 3, qualified: 0, won: 0, wonValue: 0, conversionRate: 0 },
        {
          kind: 'manual',
          source: 'Added by hand',
          leads: 2,
          qualified: 2,
          won: 2,
          wonValue: 140_000,
          conversionRate: 1,
        },
        {
          kind: 'import',
          source: 'Imported',
          leads: 5,
          qualified: 0,
          won: 0,
          wonValue: 0,
          conversionRate: 0,
        },
      ],
    });
  });

  it('widens to 90 days (the default) and 365', async () => {
    const ninety = (await report()).json();
    expect(ninety.days).toBe(90);
    // Ordered by won value: google's 5,000.00 before the referrer's 2,400.00.
    expect(ninety.rows.map((r: { source: string }) => r.source)).toEqual([
      'google',
      'news.ycombinator.com',
      'Direct',
      'Added by hand',
      'Imported',
    ]);
    expect(ninety.rows[1]).toEqual({
      kind: 'source',
      source: 'news.ycombinator.com',
      leads: 2,
      qualified: 2,
      won: 2,
      wonValue: 240_000,
      conversionRate: 1,
    });
    const year = (await report('?days=365')).json();
    expect(year.rows.find((r: { source: string }) => r.source === 'google').leads).toBe(4);
  });

  it('stays equal to a count over every contact after each kind of change (the triggers keep it)', async () => {
    const db = t.database.db;
    // The report as it was computed before the per-day totals: every contact of the window.
    const fromContacts = async () =>
      resultRows<Record<string, string | number>>(
        await db.execute(sql`
          select case when origin = 'form' then 'source' else origin end as kind,
            case when origin = 'form' then coalesce(source_utm_source, source_referrer_host, 'Direct')
                 when origin = 'manual' then 'Added by hand' else 'Imported' end as source,
            count(*) as leads,
            count(*) filter (where status in ('qualified', 'converted') or exists (
              select 1 from contact_stage_changes s
              where s.contact_id = c.id and s.to_status in ('qualified', 'converted'))) as qualified,
            count(*) filter (where status = 'converted') as won,
            coalesce(sum(deal_value) filter (where status = 'converted'), 0) as won_value
          from contacts c
          where (created_at at time zone 'UTC')::date >= ${'2025-06-11'}::date and status <> 'spam'
          group by 1, 2`),
      )
        .map((r) => ({
          kind: r.kind,
          source: r.source,
          leads: Number(r.leads),
          qualified: Number(r.qualified),
          won: Number(r.won),
          wonValue: Number(r.won_value),
        }))
        .sort((a, b) => `${a.kind}${a.source}`.localeCompare(`${b.kind}${b.source}`));
    const fromReport = async () =>
      ((await report('?days=365')).json().rows as Record<string, unknown>[])
        .map(({ conversionRate: _, ...r }) => r)
        .sort((a, b) => `${a.kind}${a.source}`.localeCompare(`${b.kind}${b.source}`));
    const check = async (step: string) => expect(await fromReport(), step).toEqual(await fromContacts());

    const ids = await insertContacts(db, 'x', 12, 'totals.example', (i) => ({
      sourceUtmSource: i % 3 === 0 ? 'newsletter' : null,
      sourceReferrerHost: i % 2 === 0 ? 'duckduckgo.com' : null,
      createdAt: daysAgo(i * 20),
      dealValue: 1_000 * (i + 1),
    }));
    await check('inserted');
    const move = (id: number, status: string, extra: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/contacts/${id}/status`,
        headers: { cookie },
        payload: { status, ...extra },
      });
    await move(ids[0]!, 'qualified');
    await move(ids[0]!, 'converted');
    await move(ids[1]!, 'converted');
    await move(ids[1]!, 'lost', { lostReason: 'timing' });
    await check('moved, won, lost after won');
    // A won deal's value edited, a source edited, a creation day moved, an origin changed.
    await db.execute(sql`update contacts set deal_value = 77700 where id = ${ids[0]!}`);
    await db.execute(sql`update contacts set source_utm_source = 'podcast' where id = ${ids[2]!}`);
    await db.execute(
      sql`update contacts set created_at = created_at - interval '3 days' where id = ${ids[3]!}`,
    );
    await db.execute(sql`update contacts set origin = 'manual' where id = ${ids[4]!}`);
    await check('edited');
    // Held as spam and released, one bulk statement over many, and a delete (erasure, merge).
    await db.execute(sql`update contacts set status = 'spam' where id = ${ids[5]!}`);
    await check('spam');
    await db.execute(sql`update contacts set status = 'new' where id = ${ids[5]!}`);
    await db.execute(sql`update contacts set status = 'qualified' where id in ${ids.slice(6)}`);
    await db.execute(sql`update contacts set status = 'contacted' where id in ${ids.slice(6, 9)}`);
    await db.execute(sql`delete from contacts where id = ${ids[11]!}`);
    await check('bulk, released, deleted');
    // Folded into one row per day and source, the figures stay.
    await compactSourceTotals(db);
    const rows = resultRows<{ n: string | number; keys: string | number }>(
      await db.execute(
        sql`select count(*) as n, count(distinct (day, kind, source)) as keys from source_totals`,
      ),
    )[0]!;
    expect(Number(rows.n)).toBe(Number(rows.keys));
    await check('compacted');
  });

  it('refuses other windows and the signed-out', async () => {
    for (const q of ['?days=7', '?days=abc', '?days=90%00', '?days=-30'])
      expect((await report(q)).statusCode, q).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reports/sources' })).statusCode).toBe(401);
  });
});
