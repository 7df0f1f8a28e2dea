import { Link } from 'react-router';
import type { LeadSourceStat, VisitSourceStat } from '@/shared/analytics';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';

const percent = (share: number) => `${Math.round(share * 100)}%`;
const cell = 'px-1.5 py-1.5 text-left align-top sm:px-2';
const number = 'px-1.5 py-1.5 text-right align-top tabular-nums whitespace-nowrap sm:px-2';
/** A header keeps its words whole; the table sizes its columns around them. */
const head = 'whitespace-nowrap font-medium';

/**
 * 'Leads by source' (decision 037): the last 30 days' leads by source, medium and campaign, with
 * their count and share of all leads; each source opens the contacts list filtered by it.
 */
export function LeadsBySourceCard({ rows }: { rows: LeadSourceStat[] }) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle as="h2">Leads by source</CardTitle>
        <p className="text-sm text-muted-foreground">Last 30 days</p>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No leads in the last 30 days</p>
        ) : (
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">Leads of the last 30 days by source, medium and campaign</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th className={`${cell} ${head}`}>Source</th>
                <th className={`${cell} ${head}`}>Medium</th>
                <th className={`${cell} ${head}`}>Campaign</th>
                <th className={`${number} ${head}`}>Leads</th>
                <th className={`${number} ${head}`}>Share</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={`${row.source}\n${row.medium}\n${row.campaign}`}
                  className="border-t border-white/10"
                >
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
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * 'Visits by source' (decision 037): the last 30 days' counted views of the landing (people, not
 * bots nor the admin) by referrer host and UTM source, with their share.
 */
export function VisitsBySourceCard({ rows }: { rows: VisitSourceStat[] }) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle as="h2">Visits by source</CardTitle>
        <p className="text-sm text-muted-foreground">Last 30 days</p>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No visits in the last 30 days</p>
        ) : (
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">Visits of the last 30 days by referrer and UTM source</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th className={`${cell} ${head}`}>Referrer</th>
                <th className={`${cell} ${head}`}>UTM source</th>
                <th className={`${number} ${head}`}>Visits</th>
                <th className={`${number} ${head}`}>Share</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
