import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContactsInto } from '../../scripts/seed-contacts.ts';
import { contacts, contactTags, contactTasks, tags, unsubscribes } from '../../src/db/schema/index.ts';
import { EXPORT_COLUMNS } from '../../src/server/contacts/export-contacts-csv.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * The scale paths at 50,000 contacts, the size from which the seed takes its bulk path (decision
 * 026): the seed (one statement per lane), campaign audiences resolved by the database, the streamed CSV,
 * first-page-only counts, keyset pages of the recipient checklist and of a campaign's recipients,
 * the dashboard's task list. Correctness only: speed figures come from `npm run bench:scale`.
 */
const N = 50_000;

let t: TestApp;
let cookie: string;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe(`at ${N.toLocaleString('en-US')} contacts`, { timeout: 120_000 }, () => {
  it('the seed adds them in two lanes at once, distinct, spread over statuses; again it adds none', async () => {
    const indexes = sql`select indexname, indexdef from pg_indexes where tablename = 'contacts' order by 1`;
    const before = (await t.database.db.execute(indexes)) as unknown as { rows: unknown[] };
    expect(before.rows.length).toBeGreaterThan(5);
    // Two lanes, as `npm run seed:contacts` takes on PostgreSQL (the embedded database runs them
    // one after the other). The bulk seed drops the plain indexes and builds them after its
    // insert: all come back as the migrations defined them.
    expect(await seedContactsInto(t.database.db, N, 2)).toBe(N);
    expect(((await t.database.db.execute(indexes)) as unknown as { rows: unknown[] }).rows).toEqual(
      before.rows,
    );
    const stats = await one<{ n: string; emails: string; statuses: string; newest: string }>(sql`
      select count(*) n, count(distinct lower(email)) emails, count(distinct status) statuses,
        max(id) filter (where last_activity_at = (select max(last_activity_at) from contacts)) newest
      from contacts`);
    expect(Number(stats.n)).toBe(N);
    expect(Number(stats.emails)).toBe(N);
    expect(Number(stats.statuses)).toBe(4);
    expect(await seedContactsInto(t.database.db, 10)).toBe(0);
  });

  it("gathers the table's statistics at the first search when it has none (no autovacuum embedded)", async () => {
    // Without them the planner reads and sorts every match of a broad search (1.1 s at 1M).
    const analyzed = sql`select count(*)::int n from pg_stats where tablename = 'contacts'`;
    await t.database.db.execute(sql`delete from pg_statistic where starelid = 'contacts'::regclass`);
    expect((await one<{ n: number }>(analyzed)).n).toBe(0);
    expect((await get('/api/admin/contacts?limit=50&q=invoices')).statusCode).toBe(200);
    expect((await one<{ n: number }>(analyzed)).n).toBeGreaterThan(5);
  });

  it('lists one page with the count on the first page only; search and filter match the table', async () => {
    const first = await get('/api/admin/contacts?limit=50&q=tanaka.1234');
    expect(first.statusCode).toBe(200);
    const expected = await one<{ n: string }>(sql`
      select count(*) n from contacts
      where name ilike '%tanaka.1234%' or email ilike '%tanaka.1234%' or message ilike '%tanaka.1234%'`);
    expect(Number(first.headers['x-total-count'])).toBe(Number(expected.n));
    const broad = await get('/api/admin/contacts?limit=50&q=invoices&status=qualified');
    const cursor = String(broad.headers['x-next-cursor']);
    const second = await get(`/api/admin/contacts?limit=50&q=invoices&status=qualified&cursor=${cursor}`);
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-total-count']).toBeUndefined();
    const ids = [...broad.json(), ...second.json()].map((c: { id: number }) => c.id);
    expect(new Set(ids).size).toBe(100);
    for (const c of second.json() as { message: string; status: string }[]) {
      expect(c.message).toContain('invoices');
      expect(c.status).toBe('qualified');
    }
    // Without `limit`: one page of at most 200, never the whole table.
    const unlimited = await get('/api/admin/contacts');
    expect(unlimited.json()).toHaveLength(200);
    expect(unlimited.headers['x-next-cursor']).toBeTruthy();
  });

  it('walks every page of a search and of a filter in list order, ties on one activity time by id', async () => {
    // Half of the Keiko Tanakas (one in 400) share one activity time, so pages end inside the tie.
    await t.database.db.execute(sql`
      update contacts set last_activity_at = now() - interval '45 days'
      where name = 'Keiko Tanaka' and id < ${N / 2}`);
    const walk = async (query: string, limit: number) => {
      const ids: number[] = [];
      let cursor = '';
      for (let pages = 0; pages < 100; pages++) {
        const res = await get(`/api/admin/contacts?${query}&limit=${limit}&count=false${cursor}`);
        expect(res.statusCode).toBe(200);
        ids.push(...(res.json() as { id: number }[]).map((c) => c.id));
        const next = res.headers['x-next-cursor'];
        if (!next) return ids;
        cursor = `&cursor=${encodeURIComponent(String(next))}`;
      }
      throw new Error('more than 100 pages');
    };
    const listed = async (where: ReturnType<typeof sql>) =>
      (
        (await t.database.db.execute(sql`
        select id from contacts where ${where}
        order by last_activity_at desc, id desc`)) as unknown as { rows: { id: number }[] }
      ).rows.map((r) => Number(r.id));
    const search = await walk('q=keiko%20tanaka', 37);
    expect(search).toHaveLength(N / 400);
    expect(search).toEqual(
      await listed(
        sql`name ilike '%keiko tanaka%' or email ilike '%keiko tanaka%' or message ilike '%keiko tanaka%'`,
      ),
    );
    const filtered = await walk('status=qualified&q=caf%C3%A9', 200);
    expect(filtered.length).toBeGreaterThan(1000);
    // Accent-insensitive (decision 040): 'café' also finds 'cafe'.
    expect(filtered).toEqual(
      await listed(sql`status = 'qualified' and immutable_unaccent(message) ilike '%cafe%'`),
    );
  });

  it('creates a campaign to everyone subscribed with one INSERT … SELECT, by status and by tag, minus exclusions', async () => {
    // Two unsubscribed: one marked on the contact, one only by address in `unsubscribes`.
    await t.database.db.execute(sql`update contacts set unsubscribed_at = now() where id = 1`);
    const [second] = await t.database.db.select().from(contacts).where(sql`id = 2`);
    await t.database.db.insert(unsubscribes).values({ email: second!.email.toUpperCase() });

    const everyone = await post('/api/admin/campaigns', {
      name: 'Everyone',
      subject: 'Hi {{firstName}}',
      htmlContent: '<p>News</p>',
      audience: {},
      excludeIds: [3],
      recipientIds: [1],
    });
    expect(everyone.statusCode).toBe(201);
    // Everyone but the two unsubscribed and the excluded one; a hand-picked unsubscribed contact
    // is queued (and skipped at send time, reported as such).
    expect(everyone.json().recipientCount).toBe(N - 3 + 1);
    const rows = await one<{ n: string; emails: string; has3: boolean }>(sql`
      select count(*) n, count(distinct lower(email)) emails, bool_or(contact_id = 3) has3
      from campaign_recipients where campaign_id = ${everyone.json().id}`);
    expect(Number(rows.n)).toBe(N - 2);
    expect(Number(rows.emails)).toBe(N - 2);
    expect(rows.has3).toBe(false);

    const byStatus = await post('/api/admin/campaigns', {
      name: 'Qualified',
      subject: 'Hi',
      htmlContent: '<p>News</p>',
      audience: { status: 'qualified', q: 'café' },
    });
    const qualified = await one<{ n: string }>(sql`
      select count(*) n from contacts where status = 'qualified' and unsubscribed_at is null
        and (name ilike '%café%' or email ilike '%café%' or message ilike '%café%') and id <> 2`);
    expect(Number(qualified.n)).toBeGreaterThan(0);
    expect(byStatus.json().recipientCount).toBe(Number(qualified.n));

    const [tag] = await t.database.db.insert(tags).values({ name: 'VIP', color: '#ff0000' }).returning();
    await t.database.db.execute(
      sql`insert into contact_tags (contact_id, tag_id) select id, ${tag!.id} from contacts where id % 1000 = 7`,
    );
    const byTag = await post('/api/admin/campaigns', {
      name: 'VIP',
      subject: 'Hi',
      htmlContent: '<p>News</p>',
      audience: { tagId: tag!.id },
    });
    expect(byTag.json().recipientCount).toBe(N / 1000);
    expect(await t.database.db.$count(contactTags)).toBe(N / 1000);
  });

  it('pages the checklist by name with its counts, and the recipient details by queue order', async () => {
    const first = await get('/api/admin/campaigns/audience?limit=100&q=keiko');
    expect(first.statusCode).toBe(200);
    const firstRows = first.json() as { id: number; name: string }[];
    expect(firstRows).toHaveLength(100);
    expect(Number(first.headers['x-total-count'])).toBe(N / 20);
    const next = await get(
      `/api/admin/campaigns/audience?limit=100&q=keiko&cursor=${first.headers['x-next-cursor']}`,
    );
    const nextRows = next.json() as { id: number; name: string }[];
    expect(next.headers['x-total-count']).toBeUndefined();
    const all = [...firstRows, ...nextRows];
    expect(new Set(all.map((r) => r.id)).size).toBe(200);
    const keys = all.map((r) => [r.name.toLowerCase(), r.id] as const);
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1]!, keys[i]!];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
    }
    for (const bad of [
      'x',
      Buffer.from('["a\\u0000",1]').toString('base64url'),
      Buffer.from('["a",99999999999]').toString('base64url'),
    ]) {
      expect((await get(`/api/admin/campaigns/audience?cursor=${bad}`)).statusCode).toBe(400);
    }

    const [campaign] = (await get('/api/admin/campaigns')).json() as { id: number; name: string }[];
    const page = await get(`/api/admin/campaigns/${campaign!.id}/details`);
    expect(page.json().recipients.length).toBeLessThanOrEqual(200);
    expect(page.json().recipientCount).toBeGreaterThan(0);
    // Walk a few pages: strictly increasing ids, no overlap.
    let cursor = page.json().recipientsNextCursor as string | null;
    let last = (page.json().recipients as { id: number }[]).at(-1)?.id ?? 0;
    for (let i = 0; i < 3 && cursor; i++) {
      const more = (
        await get(`/api/admin/campaigns/${campaign!.id}/details?limit=50&cursor=${cursor}`)
      ).json();
      expect(more.recipients[0].id).toBeGreaterThan(last);
      last = more.recipients.at(-1).id;
      cursor = more.recipientsNextCursor;
    }
  });

  it('streams the CSV export of every contact, newest id first, each once', async () => {
    const res = await get('/api/admin/contacts/export.csv');
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(`\uFEFF${EXPORT_COLUMNS.join(',')}`);
    const ids = lines.slice(1).map((line) => Number(line.slice(0, line.indexOf(','))));
    expect(ids).toHaveLength(N);
    expect(new Set(ids).size).toBe(N);
    expect(ids[0]).toBe(N);
    expect(ids.at(-1)).toBe(1);
  });

  it('answers the dashboard five pending tasks, not the whole table', async () => {
    await t.database.db.execute(sql`
      insert into ${contactTasks} (contact_id, title, status)
      select id, 'Call ' || id, case when id % 2 = 0 then 'pending' else 'completed' end
      from contacts where id <= 400`);
    const five = await get('/api/admin/tasks?status=pending&limit=5');
    expect(five.statusCode).toBe(200);
    expect(five.json()).toHaveLength(5);
    expect((five.json() as { status: string }[]).every((task) => task.status === 'pending')).toBe(true);
    expect((await get('/api/admin/tasks')).json()).toHaveLength(200);
    expect((await get('/api/admin/tasks?limit=201')).statusCode).toBe(400);
    expect((await get('/api/admin/tasks?status=done')).statusCode).toBe(400);
  });
});
