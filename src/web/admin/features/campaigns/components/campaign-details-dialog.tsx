import { RotateCw, Send, Trash2 } from 'lucide-react';
import * as React from 'react';
import type { CampaignDetails, CampaignRecipient } from '@/shared/campaigns';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import { formatDateTime } from '@/web/lib/format-date';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { useDeleteCampaign } from '../api/delete-campaign';
import { getCampaignDetails, useCampaignDetails } from '../api/get-campaign-details';
import { useResendInterrupted } from '../api/resend-interrupted';
import { CampaignPreview } from './campaign-preview';
import { CampaignProgress } from './campaign-progress';
import { CampaignStatusBadge, RecipientStatusBadge } from './campaign-status-badge';
import { campaignSentToast, SendCampaignDialog } from './send-campaign-dialog';

/**
 * The recipient log's columns (docs/product.md §8.1: contact name, email, status, sent date, error message).
 */
const RECIPIENT_COLUMNS = ['Name', 'Email', 'Status', 'Sent', 'Error'] as const;

/**
 * The recipient log, one server page at a time (a campaign may have a million): the
 * details' first page, then 'Show more' fetches the next after the last one shown.
 */
function RecipientsTable({ campaign }: { campaign: CampaignDetails }) {
  const [more, setMore] = React.useState<{ rows: CampaignRecipient[]; cursor: string | null } | null>(null);
  const [loading, setLoading] = React.useState(false);
  const recipients = more ? [...campaign.recipients, ...more.rows] : campaign.recipients;
  const cursor = more ? more.cursor : campaign.recipientsNextCursor;
  if (recipients.length === 0) {
    return <p className="py-4 text-center text-sm text-muted-foreground">No recipients yet</p>;
  }
  const page = recipients;
  async function showMore() {
    if (!cursor) return;
    setLoading(true);
    try {
      const next = await getCampaignDetails(campaign.id, cursor);
      setMore((m) => ({ rows: [...(m?.rows ?? []), ...next.recipients], cursor: next.recipientsNextCursor }));
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to load more recipients.' });
    } finally {
      setLoading(false);
    }
  }
  // Cards below md (a five-column table cannot fit a phone; decision 017), the table from md up.
  return (
    <div className="grid gap-2">
      <ul aria-label="Recipients" className="grid gap-2 md:hidden">
        {page.map((recipient) => (
          <li key={recipient.id} className="grid gap-1 rounded-lg border border-white/10 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 font-medium">{recipient.contact?.name ?? 'Unknown'}</span>
              <RecipientStatusBadge status={recipient.status} />
            </div>
            <span className="text-muted-foreground">{recipient.contact?.email ?? '-'}</span>
            <span className="text-xs text-muted-foreground">
              Sent: {recipient.sentAt ? formatDateTime(recipient.sentAt) : '-'}
            </span>
            <span
              className={recipient.errorMessage ? 'text-xs text-red-300' : 'text-xs text-muted-foreground'}
            >
              Error: {recipient.errorMessage || '-'}
            </span>
          </li>
        ))}
      </ul>
      {/* Focusable: a keyboard can scroll a log taller than its box (axe scrollable-region-focusable). */}
      <section
        aria-label="Recipient log"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard.
        tabIndex={0}
        className="hidden max-h-72 overflow-auto rounded-lg border border-white/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:block"
      >
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Recipients</caption>
          <colgroup>
            {/* Room for the longest status badge ('interrupted') and for an error to read. */}
            <col className="w-[15%]" />
            <col className="w-[30%]" />
            <col className="w-[15%]" />
            <col className="w-[16%]" />
            <col className="w-[24%]" />
          </colgroup>
          <thead className="sticky top-0 bg-card text-xs text-muted-foreground uppercase">
            <tr>
              {RECIPIENT_COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5 align-top">
            {page.map((recipient) => (
              <tr key={recipient.id}>
                <td className="px-3 py-2">{recipient.contact?.name ?? 'Unknown'}</td>
                <td className="px-3 py-2">{recipient.contact?.email ?? '-'}</td>
                <td className="px-3 py-2">
                  <RecipientStatusBadge status={recipient.status} />
                </td>
                <td className="px-3 py-2">{recipient.sentAt ? formatDateTime(recipient.sentAt) : '-'}</td>
                <td className={recipient.errorMessage ? 'px-3 py-2 text-red-300' : 'px-3 py-2'}>
                  {recipient.errorMessage || '-'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {cursor ? (
        <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <span>
            Showing {recipients.length.toLocaleString('en-US')} of{' '}
            {campaign.recipientCount.toLocaleString('en-US')} recipients
          </span>
          <Button variant="ghost" size="sm" disabled={loading} onClick={() => void showMore()}>
            Show more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A campaign's details (docs/product.md §8.1): name, subject, the HTML preview in a sandboxed frame
 * as one chosen recipient receives it,
 * the recipients table ('Unknown' for a deleted contact, '-' for blanks, 'No recipients yet'),
 * progress while sending, 'Resend to New Recipients' and 'Delete Campaign' with the spec's
 * confirmation ('Are you sure?' …); toasts 'Campaign deleted' / 'Failed to delete campaign'.
 * When a crash left recipients interrupted (the provider may have delivered them), 'Resend to N
 * interrupted' asks first, saying they may already have it, and resends each of them once
 * (docs/decisions/044); the count leaves out those already resent.
 */
export function CampaignDetailsDialog({
  campaignId,
  open,
  onOpenChange,
}: {
  campaignId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const details = useCampaignDetails(campaignId, { enabled: open });
  const remove = useDeleteCampaign();
  const resendInterrupted = useResendInterrupted();
  const [resendOpen, setResendOpen] = React.useState(false);
  const campaign = details.data;

  async function handleDelete() {
    try {
      // Awaited rather than per-call callbacks: this dialog unmounts with its card on success.
      await remove.mutateAsync(campaignId);
      toast({ title: 'Campaign deleted' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete campaign' });
    }
  }

  function handleResendInterrupted(count: number) {
    resendInterrupted.mutate(
      { id: campaignId, count },
      {
        onSuccess: (result) => {
          if (result.pending === 0) campaignSentToast(result);
          else {
            toast({
              title: 'Sending campaign',
              description: `${result.pending} recipients are queued; the campaign card shows the progress.`,
            });
          }
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            // 409: the number changed (another tab resent them, or the screen was stale).
            description:
              getApiErrorMessage(error) ?? 'Failed to send campaign. You may have hit rate limits.',
          }),
      },
    );
  }

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl lg:max-w-4xl">
          <DialogHeader>
            <DialogTitle className="flex flex-wrap items-center gap-3 pr-8">
              {campaign?.name ?? 'Campaign details'}
              {campaign ? <CampaignStatusBadge status={campaign.status} /> : null}
            </DialogTitle>
            <DialogDescription className="wrap-anywhere">
              {campaign ? `Subject: ${campaign.subject}` : 'Loading the campaign.'}
            </DialogDescription>
          </DialogHeader>
          {details.isPending ? (
            <InlineLoading />
          ) : details.isError || !campaign ? (
            <InlineError error={details.error} fallback="Failed to load the campaign." />
          ) : (
            <div className="grid min-w-0 gap-5">
              {campaign.status === 'sending' ? <CampaignProgress campaign={campaign} /> : null}
              <CampaignPreview campaign={campaign} />
              <section aria-labelledby={`campaign-${campaignId}-recipients`} className="grid min-w-0 gap-2">
                <h3 id={`campaign-${campaignId}-recipients`} className="text-sm font-medium">
                  Recipients ({campaign.recipientCount.toLocaleString('en-US')})
                </h3>
                <RecipientsTable campaign={campaign} />
              </section>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                <ConfirmDialog
                  trigger={
                    <Button
                      variant="destructive"
                      disabled={remove.isPending || campaign.status === 'sending'}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete Campaign
                    </Button>
                  }
                  title="Are you sure?"
                  description="This will permanently delete the campaign and all its recipient data. This action cannot be undone."
                  onConfirm={() => void handleDelete()}
                />
                <div className="flex flex-col-reverse gap-2 sm:flex-row">
                  {campaign.interruptedToResend > 0 ? (
                    <ConfirmDialog
                      trigger={
                        <Button
                          variant="outline"
                          disabled={resendInterrupted.isPending || campaign.status === 'sending'}
                        >
                          <Send aria-hidden="true" />
                          Resend to {campaign.interruptedToResend.toLocaleString('en-US')} interrupted
                        </Button>
                      }
                      title={`Resend to ${campaign.interruptedToResend.toLocaleString('en-US')} interrupted?`}
                      description={`The server stopped while these emails were with the mail provider, so ${
                        campaign.interruptedToResend === 1 ? 'this recipient' : 'these recipients'
                      } may already have received it. Each is resent once; a recipient interrupted again is not offered again.`}
                      confirmLabel="Resend"
                      onConfirm={() => handleResendInterrupted(campaign.interruptedToResend)}
                    />
                  ) : null}
                  <Button variant="outline" onClick={() => setResendOpen(true)}>
                    <RotateCw aria-hidden="true" />
                    Resend to New Recipients
                  </Button>
                </div>
              </div>
            </div>
          )}
        </DialogContent>
      </Dialog>
      <SendCampaignDialog
        campaignId={campaignId}
        mode="resend"
        open={resendOpen}
        onOpenChange={setResendOpen}
      />
    </>
  );
}
