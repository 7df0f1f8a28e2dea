import * as React from 'react';
import type { SourceReportRow } from '@/shared/pipeline';
import { reportWindows } from '@/shared/report-windows';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatMoney } from '@/web/lib/format-money';
import { cn } from '@/web/lib/utils';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { type ReportDays, useSourceReport } from '../api/get-source-report';

const cell = 'px-1.5 py-1.5 text-left align-top sm:px-2';
const number = 'px-1.5 py-1.5 text-right align-top tabular-nums whitespace-nowrap sm:px-2';
/** Qualified and the conversion rate give way first on a phone. */
const wide = 'hidden sm:table-cell';
const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * 'Where revenue comes from' (decision 064), on the dashboard and under the pipeline board: leads,
 * qualified, won and won value by first-touch source over the last 30, 90 or 365 days (90 first),
 * each won value drawn as a bar against the largest; contacts added by hand and imported come
 * after the sources, apart. Keeps the last window's rows while another loads.
 */
export function RevenueBySourceCard({ className }: { className?: string }) {
  const [days, setDays] = React.useState<ReportDays>(90);
  const report = useSourceReport(days);
  const rows = report.data?.rows ?? [];
  const currency = report.data?.currency ?? 'EUR';
  const top = Math.max(1, ...rows.map((r) => r.wonValue));
  const sources = rows.filter((r) => r.kind === 'source');
  const others = rows.filter((r) => r.kind !== 'source');
  const id = React.useId();

  return (
    <Card className={cn('min-w-0 gap-4', className)} data-testid="revenue-by-source">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle as="h2" id={`${id}-title`}>
            Where revenue comes from
          </CardTitle>
          <p className="text-sm text-muted-foreground">{`By first-touch source, last ${days} days`}</p>
        </div>
        <fieldset className="flex rounded-lg border border-border p-0.5">
          <legend className="sr-only">Period</legend>
          {reportWindows.map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={w === days}
              onClick={() => setDays(w)}
              className={cn(
                'cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground outline-none transition focus-visible:ring-[3px] focus-visible:ring-ring/50',
                w === days && 'bg-brand-cyan/15 text-foreground',
              )}
            >
              {`${w} days`}
            </button>
          ))}
        </fieldset>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {report.isPending ? (
          <InlineLoading />
        ) : report.isError ? (
          <InlineError error={report.error} fallback="Failed to load the report." />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{`No leads in the last ${days} days`}</p>
        ) : (
          <table
            aria-busy={report.isPlaceholderData}
            className={cn('w-full text-xs sm:text-sm', report.isPlaceholderData && 'opacity-60')}
          >
            <caption className="sr-only">{`Leads, qualified, won and won value by first-touch source, last ${days} days`}</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th className={`${cell} font-medium`}>Source</th>
                <th className={`${number} font-medium`}>Leads</th>
                <th className={`${number} ${wide} font-medium`}>Qualified</th>
                <th className={`${number} font-medium`}>Won</th>
                <th className={`${number} font-medium`}>Won value</th>
                <th className={`${number} ${wide} font-medium`}>Conversion</th>
              </tr>
            </thead>
            <tbody>
              {sources.map((row) => (
                <ReportRow key={`s\n${row.source}`} row={row} currency={currency} top={top} />
              ))}
              {others.map((row, i) => (
                <ReportRow
                  key={row.kind}
                  row={row}
                  currency={currency}
                  top={top}
                  className={cn(
                    'text-muted-foreground',
                    i === 0 && sources.length > 0 && 'border-t-white/30',
                  )}
                />
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function ReportRow({
  row,
  currency,
  top,
  className,
}: {
  row: SourceReportRow;
  currency: string;
  top: number;
  className?: string;
}) {
  return (
    <tr className={cn('border-t border-white/10', className)} data-source={row.source}>
      <td className={`${cell} wrap-anywhere`} dir="auto">
        {row.source}
      </td>
      <td className={number}>{row.leads.toLocaleString()}</td>
      <td className={`${number} ${wide}`}>{row.qualified.toLocaleString()}</td>
      <td className={number}>{row.won.toLocaleString()}</td>
      <td className={`${number} relative`}>
        {/* The bar shows the share of the largest won value; the figure is the text. */}
        <span
          aria-hidden="true"
          className="absolute inset-y-1 right-0 rounded-sm bg-brand-cyan/15"
          style={{ width: `${(row.wonValue / top) * 100}%` }}
        />
        <span className="relative">{formatMoney(row.wonValue, currency)}</span>
      </td>
      <td className={`${number} ${wide}`}>{percent(row.conversionRate)}</td>
    </tr>
  );
}
