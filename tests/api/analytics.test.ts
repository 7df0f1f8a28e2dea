import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTasks, dailyVisits, visitorHashes } from '../../src/db/schema/index.ts';
import { VisitCounter } from '../../src/server/analytics/visit-counter.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('visits and the dashboard figures', () => {
  let t: TestApp;
  let cookie: string;
  const analytics = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: { cookie } })).json();
  const visit = (ua: string, ip: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/', headers: { 'user-agent': ua, ...extra }, remoteAddress: ip });

  beforeAll(async () => {
    t = await createTestApp({}, { withPages: true });
    cookie = await signIn(t.app);
  });
  afterAll(async () => t.close());

  it('counts people, not bots nor the admin, with unique visitors by salted hash', async () => {
    const before = await analytics();
    expect((await visit(PERSON, '203.0.113.5')).statusCode).toBe(200);
    await visit(PERSON, '203.0.113.5');
    await visit(PERSON, '203.0.113.6');
    await visit(BOT, '203.0.113.7');
    await visit(PERSON, '203.0.113.8', { cookie });
    const after = await analytics();
    expect(after.totalVisits - before.totalVisits).toBe(3);
    expect(after.uniqueVisitors - before.uniqueVisitors).toBe(2);
    expect(after.daily.at(-1).visits).toBe(after.totalVisits);

    // Across flushes the same visitor is still one unique visitor that day.
    await visit(PERSON, '203.0.113.5');
    const later = await analytics();
    expect(later.totalVisits - after.totalVisits).toBe(1);
    expect(later.uniqueVisitors).toBe(after.uniqueVisitors);

    const stored = await t.database.db.select().from(visitorHashes);
    for (const row of stored) expect(row.hash).not.toContain('203.0.113');
  });

  it('counts a view on the UTC day of its moment, across midnight and a clock set back', async () => {
    let now = new Date('2020-02-28T23:59:59.999Z');
    const counter = new VisitCounter(t.database.db, () => now.getTime());
    counter.record('203.0.113.9', PERSON);
    now = new Date('2020-02-29T00:00:00.000Z');
    counter.record('203.0.113.9', PERSON);
    counter.record('203.0.113.10', PERSON);
    now = new Date('2020-02-28T12:00:00.000Z');
    counter.record('203.0.113.9', PERSON);
    now = new Date('2020-03-01T00:00:00.001Z');
    counter.record('203.0.113.9', PERSON);
    await counter.flush();
    const rows = await t.database.db
      .select({ day: dailyVisits.day, views: dailyVisits.views, unique: dailyVisits.uniqueVisitors })
      .from(dailyVisits)
      .where(inArray(dailyVisits.day, ['2020-02-28', '2020-02-29', '2020-03-01']))
      .orderBy(dailyVisits.day);
    expect(rows.map((r) => [String(r.day).slice(0, 10), r.views, r.unique])).toEqual([
      ['2020-02-28', 2, 1],
      ['2020-02-29', 2, 2],
      ['2020-03-01', 1, 1],
    ]);
  });

  it('reports contacts, new contacts, pending and overdue tasks, and 30 days of history', async () => {
    const [a] = await t.database.db
      .insert(contacts)
      .values([
        { name: 'A', email: 'a@x.test', message: 'm' },
        { name: 'B', email: 'b@x.test', message: 'm', status: 'contacted' },
      ])
      .returning();
    await t.database.db.insert(contactTasks).values([
      { contactId: a!.id, title: 'late', dueAt: new Date(Date.now() - 86_400_000) },
      { contactId: a!.id, title: 'later', dueAt: new Date(Date.now() + 86_400_000) },
      { contactId: a!.id, title: 'done', status: 'completed' },
    ]);
    const res = await analytics();
    expect(res).toMatchObject({ totalContacts: 2, newContacts: 1, pendingTasks: 2, overdueTasks: 1 });
    expect(res.daily).toHaveLength(30);
    expect(res.daily.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), contacts: 2 });
  });

  it('serves the landing and the 404 page from memory, compressed on request', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await visit(PERSON, '198.51.100.1');
    expect(plain.body).toContain('<h1>Brightlane Studio</h1>');
    expect(plain.body).toContain('window.__SITE__=');
    expect(plain.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('404 Page Not Found');
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.json()).toEqual({ error: 'Not found' });
    const template = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(template.statusCode).toBe(404);
  });
});
