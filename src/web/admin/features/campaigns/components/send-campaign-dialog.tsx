import * as React from 'react';
import type { CampaignSendResult } from '@/shared/campaigns';
import { campaignPlaceholderError } from '@/shared/personalize';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { DialogFormFooter } from '@/web/components/ui/form-field';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { useCampaignDetails } from '../api/get-campaign-details';
import { useSendCampaign } from '../api/send-campaign';
import { PlaceholderAlert } from './placeholder-alert';
import {
  emptySelection,
  RecipientChecklist,
  type RecipientSelection,
  selectionBody,
  selectionCount,
} from './recipient-checklist';

/** Recipient list height in the send and resend dialogs (docs/product.md §14.1: resend list 400 px). */
const RECIPIENT_LIST_MAX_HEIGHT_PX = 400;

/**
 * The toast of a finished send (docs/product.md §8.2): 'Campaign sent' / 'Campaign sent to N recipients.
 * M failed.', plus the unsubscribed contacts that were skipped, if any.
 */
export function campaignSentToast(result: Pick<CampaignSendResult, 'success' | 'failed' | 'skipped'>) {
  const skipped = result.skipped > 0 ? ` ${result.skipped} skipped (unsubscribed).` : '';
  toast({
    title: 'Campaign sent',
    description: `Campaign sent to ${result.success} recipients. ${result.failed} failed.${skipped}`,
  });
}

/**
 * Chooses recipients and sends (docs/product.md §8.1). `mode: 'send'` is a draft's 'Send': the
 * contacts chosen at creation come pre-selected (kept by the server, however many; decision 029), so
 * the admin confirms before anything goes out. `mode: 'resend'` is 'Resend to New Recipients':
 * contacts already sent are disabled and marked '(Already sent)' — every contact with an address
 * already sent, in any case (decision 019), marked by the server; the count reads 'Selected: N
 * new recipients'. No recipient gives 'Please select at least one
 * recipient'; an unknown placeholder is shown and blocks the send, naming the known ones
 * (docs/product.md §8.5); another failed call gives 'Failed to send campaign. You may have hit rate limits.'
 * (docs/product.md §8.2). A large batch answers 202: the dialog closes and the card shows progress.
 */
export function SendCampaignDialog({
  campaignId,
  mode,
  open,
  onOpenChange,
}: {
  campaignId: number;
  mode: 'send' | 'resend';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const details = useCampaignDetails(campaignId, { enabled: open });
  const send = useSendCampaign();
  const [selected, setSelected] = React.useState<RecipientSelection | null>(null);
  // A draft saved before placeholders were checked may hold an unknown one.
  const placeholderError = details.data ? campaignPlaceholderError(details.data) : null;

  // The draft's chosen recipients start ticked (once the details arrive).
  const draftCount = mode === 'send' && details.data?.status === 'draft' ? details.data.pendingCount : 0;
  const initial: RecipientSelection =
    draftCount > 0 ? { ...emptySelection, base: { kind: 'draft', count: draftCount } } : emptySelection;
  const chosen = selected ?? initial;

  function handleOpenChange(next: boolean) {
    onOpenChange(next);
    if (!next) setSelected(null);
  }

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (placeholderError) {
      toast({ variant: 'destructive', title: 'Error', description: placeholderError });
      return;
    }
    if (selectionCount(chosen) <= 0) {
      toast({ variant: 'destructive', title: 'Error', description: 'Please select at least one recipient' });
      return;
    }
    send.mutate(
      { id: campaignId, ...selectionBody(chosen) },
      {
        onSuccess: (result) => {
          if (result.pending === 0) campaignSentToast(result);
          else {
            toast({
              title: 'Sending campaign',
              description: `${result.pending} recipients are queued; the campaign card shows the progress.`,
            });
          }
          handleOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            // The server's reason when it refused the campaign itself (400: unknown placeholder).
            description: error.message.startsWith('400:')
              ? (getApiErrorMessage(error) ?? 'Failed to send campaign. You may have hit rate limits.')
              : 'Failed to send campaign. You may have hit rate limits.',
          }),
      },
    );
  }

  const title = mode === 'send' ? 'Send Campaign' : 'Resend to New Recipients';
  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {details.data
              ? `“${details.data.name}” goes to the contacts you select. Nobody receives it twice.`
              : 'Choose who receives this campaign.'}
          </DialogDescription>
        </DialogHeader>
        {details.isPending ? (
          <InlineLoading />
        ) : details.isError ? (
          <InlineError error={details.error} fallback="Failed to load the campaign." />
        ) : (
          <form noValidate onSubmit={handleSubmit} className="grid gap-4">
            <PlaceholderAlert message={placeholderError} />
            <RecipientChecklist
              selection={chosen}
              onSelectionChange={setSelected}
              campaignId={campaignId}
              maxHeight={RECIPIENT_LIST_MAX_HEIGHT_PX}
              summary={(count) => `Selected: ${count.toLocaleString('en-US')} new recipients`}
            />
            <DialogFormFooter submitLabel="Send Campaign" pending={send.isPending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
