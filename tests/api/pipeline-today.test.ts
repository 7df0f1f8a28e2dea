import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type contacts, contactTasks } from '../../src/db/schema/index.ts';
import { TODAY_COUNT_CAP, TODAY_LIST_MAX } from '../../src/shared/pipeline.ts';
import { createTestApp, insertContacts, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * GET /api/admin/today ('Needs you today', decision 063) at a fixed clock: leads waiting for a
 * first answer with their age, answered by an email or a move off New (not by a campaign or spam),
 * unread replies, tasks due today (in TZ) or overdue, held spam, and the median first answer.
 */

const NOW = new Date('2026-06-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

let t: TestApp;
let cookie: string;
const today = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/today', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const lead = async (name: string, ageHours: number, extra: Partial<typeof contacts.$inferInsert> = {}) => {
  const [id] = await insertContacts(t.database.db, name, 1, 'today.example', () => ({
    createdAt: hoursAgo(ageHours),
    lastActivityAt: hoursAgo(ageHours),
    ...extra,
  }));
  return id!;
};
const message = (contactId: number, sender: 'admin' | 'contact', at: Date, extra = sql``) =>
  t.database.db.execute(sql`insert into contact_messages (contact_id, sender, content, sent_at, unread, campaign_name)
    values (${contactId}, ${sender}, '<p>x</p>', ${at.toISOString()}::timestamptz ${extra})`);

beforeAll(async () => {
  t = await createTestApp({ TZ: 'Europe/Berlin' }, { app: { now: () => NOW } });
  cookie = await signIn(t.app);
});
afterAll(async () => t.close());

describe('GET /api/admin/today', () => {
  it('lists unanswered form leads oldest first with their age, and leaves answered ones out', async () => {
    const old = await lead('old', 21);
    const amber = await lead('amber', 13);
    const fresh = await lead('fresh', 1);
    const emailed = await lead('emailed', 30);
    await message(emailed, 'admin', hoursAgo(25), sql`, false, null`);
    const campaigned = await lead('campaigned', 15);
    await message(campaigned, 'admin', hoursAgo(14), sql`, false, 'Spring news'`);
    const moved = await lead('moved', 40);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${moved}/status`,
      headers: { cookie },
      payload: { status: 'contacted' },
    });
    // Moved back to New later: still answered once.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${moved}/status`,
      headers: { cookie },
      payload: { status: 'new' },
    });
    await lead('imported', 50, { origin: 'import' });
    await lead('manual', 50, { origin: 'manual' });
    await lead('held', 50, { status: 'spam', spamReasons: ['pow'] });

    const answer = await today();
    expect(answer.waiting.map((w: { id: number }) => w.id)).toEqual([old, campaigned, amber, fresh]);
    expect(answer.waitingTotal).toBe(4);
    expect(answer.waiting[0]).toMatchObject({ name: 'old 0', ageHours: 21 });
    expect(answer.waiting[2]).toMatchObject({ ageHours: 13 });
    expect(answer.heldSpam).toBe(1);
  });

  it('gives the median first answer of the last 30 days: by email or by a move, whichever came first', async () => {
    // The first test's leads: 'emailed' answered after 5 h (30 h old, emailed 25 h ago); 'moved'
    // answered by its move at the real clock, so its time is far from known: remove it.
    await t.database.db.execute(sql`delete from contacts where name = 'moved 0'`);
    const a = await lead('median-a', 100);
    await message(a, 'admin', hoursAgo(99), sql`, false, null`); // 1 h
    const b = await lead('median-b', 200);
    await message(b, 'admin', hoursAgo(197), sql`, false, null`); // 3 h
    const tooOld = await lead('median-old', 24 * 31);
    await message(tooOld, 'admin', hoursAgo(24 * 31 - 100), sql`, false, null`);
    const answer = await today();
    // 1, 3 and 5 hours.
    expect(answer.medianFirstAnswerHours).toBe(3);
    expect(answer.answeredLeads).toBe(3);
  });

  it('lists unread replies by contact and tasks due today or overdue, in the TZ day', async () => {
    const c = await lead('replier', 300, { status: 'contacted' });
    await message(c, 'contact', hoursAgo(2), sql`, true, null`);
    await message(c, 'contact', hoursAgo(1), sql`, true, null`);
    const db = t.database.db;
    // 12:00 UTC is 14:00 in Berlin: today ends at 22:00 UTC.
    await db.insert(contactTasks).values([
      { contactId: c, title: 'Overdue', dueAt: hoursAgo(30) },
      { contactId: c, title: 'Tonight', dueAt: new Date('2026-06-10T21:30:00Z') },
      { contactId: c, title: 'Tomorrow', dueAt: new Date('2026-06-10T22:30:00Z') },
      { contactId: c, title: 'Done', dueAt: hoursAgo(5), status: 'completed', completedAt: hoursAgo(4) },
      { contactId: c, title: 'Someday' },
    ]);
    const answer = await today();
    expect(answer.unread).toEqual([expect.objectContaining({ id: c, unread: 2 })]);
    expect(answer.unreadTotal).toBe(1);
    expect(answer.tasks.map((x: { title: string; overdue: boolean }) => [x.title, x.overdue])).toEqual([
      ['Overdue', true],
      ['Tonight', false],
    ]);
    expect(answer.tasksTotal).toBe(2);
    // Not a form lead at New: not waiting.
    expect(answer.waiting.map((w: { id: number }) => w.id)).not.toContain(c);
    await db.delete(contactTasks).where(eq(contactTasks.contactId, c));
  });

  it('counts waiting leads up to its cap, and takes the median over the latest leads only, at any size', async () => {
    // More waiting leads than the cap, all younger than every lead before: the count stops at
    // the cap (the card says '1,000+'), the list still starts with the oldest, and the median
    // (the latest TODAY_COUNT_CAP form leads of the 30 days, all unanswered here) has none.
    const before = await today();
    expect(before.answeredLeads).toBeGreaterThan(0);
    const ids = await insertContacts(t.database.db, 'flood', TODAY_COUNT_CAP + 5, 'today.example', (i) => ({
      createdAt: new Date(NOW.getTime() - 60_000 + i),
      lastActivityAt: NOW,
    }));
    try {
      const answer = await today();
      expect(answer.waitingTotal).toBe(TODAY_COUNT_CAP);
      expect(answer.waiting[0].id).toBe(before.waiting[0].id);
      expect(answer.waiting).toHaveLength(TODAY_LIST_MAX);
      expect(answer.medianFirstAnswerHours).toBeNull();
      expect(answer.answeredLeads).toBe(0);
    } finally {
      await t.database.db.execute(sql`delete from contacts where id = any(${`{${ids.join(',')}}`}::int[])`);
    }
    expect((await today()).answeredLeads).toBe(before.answeredLeads);
  });

  it('is for the signed-in admin only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/today' });
    expect(res.statusCode).toBe(401);
  });
});
