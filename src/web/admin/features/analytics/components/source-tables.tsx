import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LeadSourceStat, VisitSourceStat } from '@/shared/analytics';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';

const percent = (share: number) => `${Math.round(share * 100)}%`;
const cell = 'px-1.5 py-1.5 text-left align-top sm:px-2';
const number = 'px-1.5 py-1.5 text-right align-top tabular-nums whitespace-nowrap sm:px-2';
/** A header keeps its words whole; the table sizes its columns around them. */
const head = 'whitespace-nowrap font-medium';

/**
 * A last-30-days source table in a card: the empty text when there are no rows, else the table
 * with its screen-reader caption, its headers (`numeric` ones right-aligned) and the rows given.
 */
function SourceTableCard({
  title,
  empty,
  caption,
  headers,
  children,
}: {
  title: string;
  /** Shown instead of the table; null when there are rows. */
  empty: string | null;
  caption: string;
  headers: { label: string; numeric?: boolean }[];
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <p className="text-sm text-muted-foreground">Last 30 days</p>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {empty !== null ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="text-muted-foreground">
              <tr>
                {headers.map((h) => (
                  <th key={h.label} className={`${h.numeric ? number : cell} ${head}`}>
                    {h.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * 'Leads by source' (decision 037): the last 30 days' leads by source, medium and campaign, with
 * their count and share of all leads; each source opens the contacts list filtered by it.
 */
export function LeadsBySourceCard({ rows }: { rows: LeadSourceStat[] }) {
  return (
    <SourceTableCard
      title="Leads by source"
      empty={rows.length === 0 ? 'No leads in the last 30 days' : null}
      caption="Leads of the last 30 days by source, medium and campaign"
      headers={[
        { label: 'Source' },
        { label: 'Medium' },
        { label: 'Campaign' },
        { label: 'Leads', numeric: true },
        { label: 'Share', numeric: true },
      ]}
    >
      {rows.map((row) => (
        <tr key={`${row.source}\n${row.medium}\n${row.campaign}`} className="border-t border-white/10">
          <td className={`${cell} wrap-anywhere`}>
            <Link
              to={`/admin/contacts?source=${encodeURIComponent(row.source)}`}
              className="text-brand-cyan hover:underline"
            >
              {row.source}
            </Link>
          </td>
          <td className={`${cell} wrap-anywhere`}>{row.medium ?? '—'}</td>
          <td className={`${cell} wrap-anywhere`}>{row.campaign ?? '—'}</td>
          <td className={number}>{row.leads.toLocaleString()}</td>
          <td className={number}>{percent(row.share)}</td>
        </tr>
      ))}
    </SourceTableCard>
  );
}

/**
 * 'Visits by source' (decision 037): the last 30 days' counted views of the landing (people, not
 * bots nor the admin) by referrer host and UTM source, with their share.
 */
export function VisitsBySourceCard({ rows }: { rows: VisitSourceStat[] }) {
  return (
    <SourceTableCard
      title="Visits by source"
      empty={rows.length === 0 ? 'No visits in the last 30 days' : null}
      caption="Visits of the last 30 days by referrer and UTM source"
      headers={[
        { label: 'Referrer' },
        { label: 'UTM source' },
        { label: 'Visits', numeric: true },
        { label: 'Share', numeric: true },
      ]}
    >
      {rows.map((row) => (
        <tr key={`${row.referrerHost}\n${row.utmSource}`} className="border-t border-white/10">
          <td className={`${cell} wrap-anywhere`}>
            {row.referrerHost ?? (row.utmSource ? '—' : '(direct)')}
          </td>
          <td className={`${cell} wrap-anywhere`}>{row.utmSource ?? '—'}</td>
          <td className={number}>{row.visits.toLocaleString()}</td>
          <td className={number}>{percent(row.share)}</td>
        </tr>
      ))}
    </SourceTableCard>
  );
}
