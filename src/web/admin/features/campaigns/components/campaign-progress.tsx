import type { Campaign } from '@/shared/campaigns';
import { Progress } from '@/web/components/ui/progress';
import { useMailUsage } from '../../mail';

/**
 * Progress of a sending campaign (decision 011): a bar of recipients handled (sent or
 * failed) over all recipients, the counts in words, and a note when the daily cap holds the
 * rest back ('used N of 2,000 in the last 24 h'; they go out as the rolling window frees).
 */
export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const usage = useMailUsage({ live: true });
  const handled = campaign.recipientCount - campaign.pendingCount;
  const capped = usage.data !== undefined && usage.data.sentLast24h >= usage.data.dailyLimit;
  return (
    <div className="grid gap-1.5">
      <Progress
        value={handled}
        max={campaign.recipientCount}
        label={`Sending progress of ${campaign.name}`}
      />
      <p className="text-xs text-muted-foreground">
        {handled} of {campaign.recipientCount} handled: {campaign.sentCount} sent, {campaign.failedCount}{' '}
        failed
      </p>
      {capped && usage.data ? (
        <p className="text-xs text-yellow-200">
          Daily limit reached: used {usage.data.sentLast24h.toLocaleString('en-US')} of{' '}
          {usage.data.dailyLimit.toLocaleString('en-US')} in the last 24 h. The rest wait and go out as the
          24-hour window frees.
        </p>
      ) : null}
    </div>
  );
}
