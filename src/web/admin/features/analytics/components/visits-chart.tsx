import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DailyStat } from '@/shared/analytics';
import { formatUtcDay } from '@/web/lib/format-date';

const CYAN = 'oklch(0.82 0.14 200)';
const MAGENTA = 'oklch(0.72 0.22 340)';

/**
 * The 30-day chart of visits (area, left axis) and new contacts (line, right axis). The two counts
 * differ by orders of magnitude, so each keeps its own scale; each axis is drawn, labelled and
 * ticked in its series' colour so the two scales never read as one (decision 017). Drawn for
 * sighted users only (`aria-hidden`): the dashboard gives the same data as a summary and a table.
 * Loaded lazily, so recharts stays out of the admin's first bundle.
 */
export function VisitsChart({ daily }: { daily: DailyStat[] }) {
  return (
    // overflow-hidden: after the window narrows, the drawn chart keeps its old width until the
    // ResizeObserver answers; it must not widen the page meanwhile.
    <div aria-hidden="true" className="h-64 w-full min-w-0 overflow-hidden sm:h-72">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          data={daily}
          margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <defs>
            <linearGradient id="visits-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={CYAN} stopOpacity={0.45} />
              <stop offset="100%" stopColor={CYAN} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="rgb(255 255 255 / 0.08)" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={formatUtcDay}
            tick={{ fill: 'rgb(203 213 225)', fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: 'rgb(255 255 255 / 0.15)' }}
            minTickGap={24}
          />
          <YAxis
            yAxisId="visits"
            allowDecimals={false}
            tick={{ fill: CYAN, fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: CYAN }}
            width={52}
            label={{
              value: 'Visits',
              angle: -90,
              position: 'insideLeft',
              fill: CYAN,
              fontSize: 12,
              textAnchor: 'middle',
            }}
          />
          <YAxis
            yAxisId="contacts"
            orientation="right"
            allowDecimals={false}
            tick={{ fill: MAGENTA, fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: MAGENTA }}
            width={52}
            label={{
              value: 'New contacts',
              angle: 90,
              position: 'insideRight',
              fill: MAGENTA,
              fontSize: 12,
              textAnchor: 'middle',
            }}
          />
          <Tooltip
            labelFormatter={(label) => formatUtcDay(String(label))}
            contentStyle={{
              background: 'oklch(0.19 0.035 270)',
              border: '1px solid rgb(255 255 255 / 0.12)',
              borderRadius: 12,
              color: 'white',
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12, paddingTop: 8 }} />
          <Area
            yAxisId="visits"
            type="monotone"
            dataKey="visits"
            name="Visits"
            stroke={CYAN}
            strokeWidth={2}
            fill="url(#visits-fill)"
            isAnimationActive={false}
          />
          <Line
            yAxisId="contacts"
            type="monotone"
            dataKey="contacts"
            name="New contacts"
            stroke={MAGENTA}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
