import type { LucideIcon } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/**
 * One figure of the dashboard (docs/product.md §5: Total Visits, Total Contacts, New Contacts, Pending
 * Tasks).
 */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  accent,
}: {
  label: string;
  value: number | undefined;
  /** A short line under the figure, e.g. unique visitors. */
  hint?: string;
  icon: LucideIcon;
  accent: 'cyan' | 'magenta' | 'blue' | 'amber';
}) {
  return (
    <div className="rounded-2xl border border-white/10 bg-card/80 p-4 shadow-lg shadow-black/10 sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        <span
          className={cn(
            'grid size-9 place-items-center rounded-xl',
            accent === 'cyan' && 'bg-brand-cyan/15 text-brand-cyan',
            accent === 'magenta' && 'bg-brand-magenta/15 text-fuchsia-300',
            accent === 'blue' && 'bg-brand-blue/20 text-blue-300',
            accent === 'amber' && 'bg-amber-400/15 text-amber-300',
          )}
        >
          <Icon className="size-4.5" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-3 text-2xl font-bold tabular-nums tracking-tight sm:text-3xl">
        {value === undefined ? '…' : value.toLocaleString()}
      </p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}
