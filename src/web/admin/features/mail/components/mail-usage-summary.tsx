import { Gauge } from 'lucide-react';
import { Progress } from '@/web/components/ui/progress';
import { cn } from '@/web/lib/utils';
import { useMailUsage } from '../api/get-mail-usage';

/**
 * Today's sending against the daily cap (docs/product.md §10.6): "Used N of 2,000 in the last
 * 24 h" with a bar; at the cap it says what waits and what is refused. Counts every message the
 * product sends (campaigns, single emails, lead notifications).
 */
export function MailUsageSummary({ live = false, className }: { live?: boolean; className?: string }) {
  const usage = useMailUsage({ live });
  if (!usage.data) return null;
  const { sentLast24h, dailyLimit } = usage.data;
  const reached = sentLast24h >= dailyLimit;
  return (
    <div
      className={cn('grid gap-2 rounded-xl border border-white/10 bg-white/[0.03] p-3 text-sm', className)}
    >
      <p className="flex items-center gap-2">
        <Gauge className="size-4 text-brand-cyan" aria-hidden="true" />
        Used {sentLast24h.toLocaleString('en-US')} of {dailyLimit.toLocaleString('en-US')} in the last 24 h
      </p>
      <Progress value={Math.min(sentLast24h, dailyLimit)} max={dailyLimit} label="Daily sending limit used" />
      {reached ? (
        <p className="text-yellow-200">
          Daily limit reached: campaign mail and new-lead notifications wait and go out as the 24-hour window
          frees; single emails can be sent again then.
        </p>
      ) : null}
    </div>
  );
}
