import { count, eq, gte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactTasks, dailyVisitSources, dailyVisits, sourceTotals } from '../../db/schema/index.ts';
import type { Analytics, DailyStat } from '../../shared/analytics.ts';
import { DIRECT_SOURCE, leadSourceLabel } from '../../shared/lead-source.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';
import { boardTotals } from '../pipeline/board.ts';
import { foldSourceTotalsIfGrown } from '../pipeline/source-report.ts';
import { countHeldSpam } from '../spam/held-spam.ts';

const DAYS = 30;

/** Rows of 'Leads by source' and 'Visits by source' (the largest; decision 037). */
const SOURCE_ROWS = 10;

/**
 * The dashboard's figures (docs/product.md §5, §12): totals, and visits, unique visitors
 * and new contacts per UTC day over the last 30 days. A task is overdue when pending and past due.
 * Contacts held as spam count nowhere (decision 037) but in `heldSpam` (decision 057); leads marked
 * 'Possible spam' are leads and count everywhere. 'New Contacts', the daily contacts and 'Leads by
 * source' count the form's leads only, not imported or hand-added people (decision 058). 'Leads by source' and 'Visits by source'
 * cover the same 30 days: leads grouped by source label, medium and campaign; counted views
 * (people only, as the visit counter records them) by referrer host and UTM source.
 */
export async function getAnalytics(db: Db, now = new Date()): Promise<Analytics> {
  const today = now.toISOString().slice(0, 10);
  const firstDay = new Date(Date.parse(`${today}T00:00:00Z`) - (DAYS - 1) * 86_400_000);
  const firstDayText = firstDay.toISOString().slice(0, 10);

  const [visitTotals] = await db
    .select({ views: sum(dailyVisits.views), uniques: sum(dailyVisits.uniqueVisitors) })
    .from(dailyVisits);
  // Every contact but held spam, and 'New Contacts' (the form's leads still at New: decision 058),
  // from the pipeline's per-status totals the triggers keep: counting them in the table took
  // 359 ms at 1,000,000 contacts (decision 064, addendum).
  const totals = await boardTotals(db);
  let totalContacts = 0;
  for (const [status, { count: n }] of totals) if (status !== 'spam') totalContacts += n;
  const newContacts = totals.get('new')?.formCount ?? 0;
  const [taskTotals] = await db
    .select({
      pending: count(),
      overdue: sql<number>`count(*) filter (where ${contactTasks.dueAt} < ${now.toISOString()})`,
    })
    .from(contactTasks)
    .where(eq(contactTasks.status, 'pending'));

  const visitRows = await db.select().from(dailyVisits).where(gte(dailyVisits.day, firstDayText));
  await foldSourceTotalsIfGrown(db);
  // Form leads per UTC day of arrival, held spam aside: the source report's daily totals (kind
  // 'source'), which triggers keep as contacts come, change and go (decision 064).
  const contactRows = resultRows<{ day: string; n: number | string }>(
    await db.execute(sql`
      select to_char(${sourceTotals.day}, 'YYYY-MM-DD') as day, sum(${sourceTotals.leads}) as n
      from ${sourceTotals} where ${sourceTotals.kind} = 'source' and ${sourceTotals.day} >= ${firstDayText}
      group by 1`),
  );

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
  // From the same daily totals, which also carry the UTM medium and campaign (migration 0033):
  // grouping the 30 days' form leads took 569 ms at 1,000,000 contacts (decision 064, addendum).
  // '' stands for none there; the label of a lead with no source is the contacts list's.
  const leadRows = resultRows<{
    source: string;
    medium: string | null;
    campaign: string | null;
    n: number | string;
  }>(
    await db.execute(sql`
      select coalesce(nullif(${sourceTotals.source}, ''), ${DIRECT_SOURCE}) as source,
        nullif(${sourceTotals.medium}, '') as medium, nullif(${sourceTotals.campaign}, '') as campaign,
        sum(${sourceTotals.leads}) as n
      from ${sourceTotals} where ${sourceTotals.kind} = 'source' and ${sourceTotals.day} >= ${firstDayText}
      group by 1, 2, 3 having sum(${sourceTotals.leads}) > 0 order by n desc, 1 limit ${SOURCE_ROWS}`),
  );
  const visitRowsBySource = resultRows<{ referrer: string; utm: string; n: number | string }>(
    await db.execute(sql`
      select ${dailyVisitSources.referrerHost} as referrer, ${dailyVisitSources.utmSource} as utm,
        sum(${dailyVisitSources.views}) as n
      from ${dailyVisitSources} where ${dailyVisitSources.day} >= ${firstDayText}
      group by 1, 2 order by n desc, 1, 2 limit ${SOURCE_ROWS}`),
  );
  const leadsIn30 = contactRows.reduce((total, row) => total + Number(row.n), 0);
  const visitsIn30 = visitRows.reduce((total, row) => total + row.views, 0);
  return {
    leadsBySource: leadRows.map((row) => ({
      source: row.source,
      medium: row.medium,
      campaign: row.campaign,
      leads: Number(row.n),
      share: leadsIn30 > 0 ? Number(row.n) / leadsIn30 : 0,
    })),
    visitsBySource: visitRowsBySource.map((row) => ({
      source: leadSourceLabel({ utmSource: row.utm, referrerHost: row.referrer }),
      referrerHost: row.referrer || null,
      utmSource: row.utm || null,
      visits: Number(row.n),
      share: visitsIn30 > 0 ? Number(row.n) / visitsIn30 : 0,
    })),
    totalVisits: Number(visitTotals?.views ?? 0),
    uniqueVisitors: Number(visitTotals?.uniques ?? 0),
    totalContacts,
    newContacts,
    pendingTasks: Number(taskTotals?.pending ?? 0),
    overdueTasks: Number(taskTotals?.overdue ?? 0),
    heldSpam: await countHeldSpam(db),
    daily,
  };
}
