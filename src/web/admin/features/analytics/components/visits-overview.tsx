import * as React from 'react';
import type { DailyStat } from '@/shared/analytics';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatUtcDay } from '@/web/lib/format-date';

const VisitsChart = React.lazy(() => import('./visits-chart').then((m) => ({ default: m.VisitsChart })));

/**
 * 'Visits and new contacts' over the last 30 days (decision 013): a titled chart with a
 * text summary and, for screen readers and keyboards, the same numbers as a table.
 */
export function VisitsOverview({ daily }: { daily: DailyStat[] }) {
  const visits = daily.reduce((sum, day) => sum + day.visits, 0);
  const contacts = daily.reduce((sum, day) => sum + day.contacts, 0);
  const busiest = daily.reduce<DailyStat | null>(
    (best, day) => (day.visits > 0 && (!best || day.visits > best.visits) ? day : best),
    null,
  );
  const summary = `Last 30 days: ${visits.toLocaleString()} ${visits === 1 ? 'visit' : 'visits'} and ${contacts.toLocaleString()} new ${contacts === 1 ? 'contact' : 'contacts'}.${
    busiest
      ? ` Busiest day: ${formatUtcDay(busiest.date)} with ${busiest.visits.toLocaleString()} visits.`
      : ''
  }`;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" id="visits-chart-title">
          Visits and new contacts
        </CardTitle>
        <CardDescription id="visits-chart-summary">{summary}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <figure aria-labelledby="visits-chart-title" aria-describedby="visits-chart-summary">
          <React.Suspense fallback={<div className="h-64 sm:h-72" />}>
            <VisitsChart daily={daily} />
          </React.Suspense>
        </figure>
        <details className="group text-sm">
          <summary className="w-fit cursor-pointer rounded-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
            Show the numbers as a table
          </summary>
          <section
            aria-label="Visits and new contacts per day"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls; keyboards must reach it to scroll it.
            tabIndex={0}
            className="mt-3 max-h-72 overflow-y-auto rounded-lg border border-white/10 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <table className="w-full text-left tabular-nums">
              <caption className="sr-only">
                Visits, unique visitors and new contacts per day, last 30 days
              </caption>
              <thead className="sticky top-0 bg-card">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Day
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Visits
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Unique visitors
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    New contacts
                  </th>
                </tr>
              </thead>
              <tbody>
                {daily.map((day) => (
                  <tr key={day.date} className="border-t border-white/5">
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      <time dateTime={day.date}>{formatUtcDay(day.date)}</time>
                    </th>
                    <td className="px-3 py-1.5 text-right">{day.visits}</td>
                    <td className="px-3 py-1.5 text-right">{day.uniqueVisitors}</td>
                    <td className="px-3 py-1.5 text-right">{day.contacts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </details>
      </CardContent>
    </Card>
  );
}
