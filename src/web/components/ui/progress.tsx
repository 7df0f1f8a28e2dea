import { cn } from '@/web/lib/utils';

/**
 * A determinate progress bar (ARIA `progressbar` with value, min and max; shadcn/ui's look).
 * `value` and `max` are counts, e.g. recipients handled of recipients chosen.
 */
export function Progress({
  value,
  max,
  label,
  className,
}: {
  value: number;
  max: number;
  /** Accessible name, e.g. "Sending progress". */
  label: string;
  className?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-white/10', className)}
    >
      <div
        className="h-full rounded-full bg-linear-to-r from-brand-cyan to-brand-magenta transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
