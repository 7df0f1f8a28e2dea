import { Hourglass } from 'lucide-react';
import { useRetention } from '../api/get-retention';

/**
 * The dashboard's retention line when `RETENTION_MONTHS` is set: how many inactive contacts the
 * daily run erases in the next 30 days. Nothing when retention is off, loading or failed.
 */
export function RetentionDue() {
  const retention = useRetention();
  const data = retention.data;
  if (!data || data.months === null || data.dueIn30Days === null) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <Hourglass className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Retention: <span className="font-medium text-foreground">{data.dueIn30Days}</span>{' '}
        {data.dueIn30Days === 1 ? 'contact is' : 'contacts are'} due for erasure in the next 30 days
      </span>
      <span>
        (no activity for {data.months} {data.months === 1 ? 'month' : 'months'}, clients kept)
      </span>
    </p>
  );
}
