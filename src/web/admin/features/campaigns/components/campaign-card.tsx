import { Eye, Send, Users } from 'lucide-react';
import * as React from 'react';
import type { Campaign } from '@/shared/campaigns';
import { Button } from '@/web/components/ui/button';
import { formatDateTime } from '@/web/lib/format-date';
import { CampaignDetailsDialog } from './campaign-details-dialog';
import { CampaignProgress } from './campaign-progress';
import { CampaignStatusBadge } from './campaign-status-badge';
import { CreateCampaignDialog } from './create-campaign-dialog';
import { campaignSentToast, SendCampaignDialog } from './send-campaign-dialog';

/**
 * One campaign in the list (docs/product.md §8.1): name, status badge, subject, recipient count when
 * over 0, sent time; 'View Details', and for a draft 'Edit' and 'Send'. While it is sending, a progress
 * bar; when a send this card watched finishes, the 'Campaign sent' toast.
 */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const [detailsOpen, setDetailsOpen] = React.useState(false);
  const [sendOpen, setSendOpen] = React.useState(false);
  const previousStatus = React.useRef(campaign.status);

  React.useEffect(() => {
    if (previousStatus.current === 'sending' && campaign.status === 'sent') {
      campaignSentToast({ success: campaign.sentCount, failed: campaign.failedCount, skipped: 0 });
    }
    previousStatus.current = campaign.status;
  }, [campaign]);

  const headingId = `campaign-${campaign.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-white/10 bg-card/80 p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold wrap-anywhere">
          {campaign.name}
        </h2>
        <CampaignStatusBadge status={campaign.status} />
      </div>
      <dl className="grid gap-1 text-sm">
        <div className="flex gap-2">
          <dt className="shrink-0 text-muted-foreground">Subject:</dt>
          <dd className="min-w-0 wrap-anywhere">{campaign.subject}</dd>
        </div>
        {campaign.recipientCount > 0 ? (
          <div className="flex items-center gap-2 text-muted-foreground">
            <Users className="size-4" aria-hidden="true" />
            <dt className="sr-only">Recipients</dt>
            <dd>
              {campaign.recipientCount} {campaign.recipientCount === 1 ? 'recipient' : 'recipients'}
            </dd>
          </div>
        ) : null}
        {campaign.sentAt ? (
          <div className="flex gap-2 text-muted-foreground">
            <dt>Sent:</dt>
            <dd>{formatDateTime(campaign.sentAt)}</dd>
          </div>
        ) : null}
      </dl>
      {campaign.status === 'sending' ? <CampaignProgress campaign={campaign} /> : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setDetailsOpen(true)}>
          <Eye aria-hidden="true" />
          View Details
        </Button>
        {campaign.status === 'draft' ? (
          <>
            <CreateCampaignDialog campaign={campaign} />
            <Button size="sm" onClick={() => setSendOpen(true)}>
              <Send aria-hidden="true" />
              Send
            </Button>
          </>
        ) : null}
      </div>
      <CampaignDetailsDialog campaignId={campaign.id} open={detailsOpen} onOpenChange={setDetailsOpen} />
      {/* Mounted whatever the status: the send's answer arrives after the list shows it sent. */}
      <SendCampaignDialog campaignId={campaign.id} mode="send" open={sendOpen} onOpenChange={setSendOpen} />
    </article>
  );
}
