import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SourceReport, SourceReportRow } from '../../shared/pipeline.ts';
import { resultRows } from '../campaigns/campaign-audience.ts';

/** Most source rows the report lists (the rest are the long tail of referrers). */
const SOURCE_ROWS_MAX = 50;

/** Delta rows past which a reader folds `source_totals` into one row per day, kind, source, medium and campaign. */
const COMPACT_AFTER = 20_000;

/**
 * 'Where revenue comes from' (decision 064): the contacts created on the last `days` days (UTC,
 * today included; spam aside), grouped by first-touch source for form leads (UTM source, else
 * referrer host, else 'Direct') and as their own rows for hand-added and imported contacts.
 * `qualified` counts those that ever reached Qualified or Converted; `won` those converted now,
 * with their deal values summed. Reads the per-day totals the triggers of migration 0025 keep
 * (a few rows per day and source, not every contact), folding them first when they have grown.
 */
export async function sourceReport(db: Db, days: number, currency: string, now: Date): Promise<SourceReport> {
  await foldSourceTotalsIfGrown(db);
  const firstDay = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = resultRows<{
    kind: SourceReportRow['kind'];
    source: string;
    leads: string | number;
    qualified: string | number;
    won: string | number;
    won_value: string | number;
  }>(
    await db.execute(sql`
      select kind,
        case when kind = 'source' then coalesce(nullif(source, ''), 'Direct')
             when kind = 'manual' then 'Added by hand' else 'Imported' end as source,
        sum(leads) as leads, sum(qualified) as qualified, sum(won) as won, sum(won_value) as won_value
      from source_totals
      where day >= ${firstDay}::date
      group by 1, 2
      having sum(leads) > 0
      order by (kind <> 'source'), sum(won_value) desc, sum(leads) desc, 2`),
  );
  const all = rows.map((r) => {
    const leads = Number(r.leads);
    const won = Number(r.won);
    return {
      kind: r.kind,
      source: r.source,
      leads,
      qualified: Number(r.qualified),
      won,
      wonValue: Number(r.won_value),
      conversionRate: leads === 0 ? 0 : won / leads,
    };
  });
  const sources = all.filter((r) => r.kind === 'source').slice(0, SOURCE_ROWS_MAX);
  return { days, currency, rows: [...sources, ...all.filter((r) => r.kind !== 'source')] };
}

/**
 * Folds `source_totals` when its deltas have grown past {@link COMPACT_AFTER} rows (every lead
 * appends one), so its readers (this report, the dashboard's figures) sum a few rows per day.
 */
export async function foldSourceTotalsIfGrown(db: Db): Promise<void> {
  const deltas = resultRows<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from source_totals`),
  );
  if (Number(deltas[0]?.n ?? 0) > COMPACT_AFTER) await compactSourceTotals(db);
}

/**
 * Folds the report's deltas into one row per day, kind, source, medium and campaign in one
 * statement (the rows it deletes are the rows it sums, so two compactions at once still add up;
 * see `boardTotals`).
 */
export async function compactSourceTotals(db: Db): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from source_totals returning day, kind, source, medium, campaign, leads, qualified, won, won_value)
    insert into source_totals (day, kind, source, medium, campaign, leads, qualified, won, won_value)
    select day, kind, source, medium, campaign, sum(leads), sum(qualified), sum(won), sum(won_value) from gone
    group by day, kind, source, medium, campaign
    having sum(leads) <> 0 or sum(qualified) <> 0 or sum(won) <> 0 or sum(won_value) <> 0`);
}
