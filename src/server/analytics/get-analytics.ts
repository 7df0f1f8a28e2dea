import { count, eq, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts, contactTasks, dailyVisits } from '../../db/schema/index.ts';
import type { Analytics, DailyStat } from '../../shared/analytics.ts';

const DAYS = 30;

/**
 * The dashboard's figures (spec §2 '/admin', §7 analytics): totals, and visits, unique visitors
 * and new contacts per UTC day over the last 30 days. A task is overdue when pending and past due.
 */
export async function getAnalytics(db: Db, now = new Date()): Promise<Analytics> {
  const today = now.toISOString().slice(0, 10);
  const firstDay = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * 86_400_000);
  const firstDayText = firstDay.toISOString().slice(0, 10);

  const [visitTotals] = await db
    .select({ views: sum(dailyVisits.views), uniques: sum(dailyVisits.uniqueVisitors) })
    .from(dailyVisits);
  const [contactTotals] = await db
    .select({
      total: count(),
      fresh: sql<number>`count(*) filter (where ${contacts.status} = 'new')`,
    })
    .from(contacts);
  const [taskTotals] = await db
    .select({
      pending: count(),
      overdue: sql<number>`count(*) filter (where ${contactTasks.dueAt} < ${now.toISOString()})`,
    })
    .from(contactTasks)
    .where(eq(contactTasks.status, 'pending'));

  const visitRows = await db.select().from(dailyVisits).where(gte(dailyVisits.day, firstDayText));
  const contactRows = await db
    .select({
      day: sql<string>`to_char(${contacts.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      n: count(),
    })
    .from(contacts)
    .where(gte(contacts.createdAt, firstDay))
    .groupBy(sql`1`);

  const daily: DailyStat[] = [];
  for (let i = 0; i < DAYS; i++) {
    const date = new Date(firstDay.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const v = visitRows.find((r) => r.day === date);
    const c = contactRows.find((r) => r.day === date);
    daily.push({
      date,
      visits: v?.views ?? 0,
      uniqueVisitors: v?.uniqueVisitors ?? 0,
      contacts: Number(c?.n ?? 0),
    });
  }
  return {
    totalVisits: Number(visitTotals?.views ?? 0),
    uniqueVisitors: Number(visitTotals?.uniques ?? 0),
    totalContacts: Number(contactTotals?.total ?? 0),
    newContacts: Number(contactTotals?.fresh ?? 0),
    pendingTasks: Number(taskTotals?.pending ?? 0),
    overdueTasks: Number(taskTotals?.overdue ?? 0),
    daily,
  };
}
