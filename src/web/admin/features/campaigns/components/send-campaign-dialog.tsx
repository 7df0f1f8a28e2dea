import * as React from 'react';
import type { CampaignDetails, CampaignSendResult } from '@/shared/campaigns';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { DialogFormFooter } from '@/web/components/ui/form-field';
import { toast } from '@/web/hooks/use-toast';
import { InlineError, InlineLoading } from '../../../components/query-state';
import { useCampaignDetails } from '../api/get-campaign-details';
import { useSendCampaign } from '../api/send-campaign';
import { RecipientChecklist } from './recipient-checklist';

/** Recipient list height in the send and resend dialogs (spec §9: resend list 400 px). */
const RECIPIENT_LIST_MAX_HEIGHT_PX = 400;

/**
 * The toast of a finished send (spec §8): 'Campaign sent' / 'Campaign sent to N recipients.
 * M failed.', plus the unsubscribed contacts that were skipped, if any.
 */
export function campaignSentToast(result: Pick<CampaignSendResult, 'success' | 'failed' | 'skipped'>) {
  const skipped = result.skipped > 0 ? ` ${result.skipped} skipped (unsubscribed).` : '';
  toast({
    title: 'Campaign sent',
    description: `Campaign sent to ${result.success} recipients. ${result.failed} failed.${skipped}`,
  });
}

/** Marks of contacts that cannot be chosen again: sent already, or still queued. */
function lockedRecipients(details: CampaignDetails): Map<number, string> {
  const locked = new Map<number, string>();
  for (const recipient of details.recipients) {
    if (recipient.contactId === null) continue;
    if (recipient.status === 'sent') locked.set(recipient.contactId, '(Already sent)');
    else if (
      details.status !== 'draft' &&
      (recipient.status === 'pending' || recipient.status === 'sending')
    ) {
      locked.set(recipient.contactId, '(Queued)');
    }
  }
  return locked;
}

/**
 * Chooses recipients and sends (spec §2 campaigns). `mode: 'send'` is a draft's 'Send': the
 * contacts ticked at creation come pre-selected, so the admin confirms before anything goes out.
 * `mode: 'resend'` is 'Resend to New Recipients': contacts already sent are disabled and marked
 * '(Already sent)'; the count reads 'Selected: N new recipients'. No recipient gives 'Please
 * select at least one recipient'; a failed call 'Failed to send campaign. You may have hit rate
 * limits.' (spec §8). A large batch answers 202: the dialog closes and the card shows progress.
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
  const [selected, setSelected] = React.useState<Set<number> | null>(null);
  const locked = React.useMemo(
    () => (details.data ? lockedRecipients(details.data) : new Map()),
    [details.data],
  );

  // The draft's chosen recipients start ticked (once the details arrive).
  const initial = React.useMemo(() => {
    if (mode !== 'send' || !details.data) return new Set<number>();
    return new Set(
      details.data.recipients.flatMap((r) =>
        r.contactId !== null && r.status === 'pending' ? [r.contactId] : [],
      ),
    );
  }, [mode, details.data]);
  const chosen = selected ?? initial;

  function handleOpenChange(next: boolean) {
    onOpenChange(next);
    if (!next) setSelected(null);
  }

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const recipientIds = [...chosen].filter((contactId) => !locked.has(contactId));
    if (recipientIds.length === 0) {
      toast({ variant: 'destructive', title: 'Error', description: 'Please select at least one recipient' });
      return;
    }
    send.mutate(
      { id: campaignId, recipientIds },
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
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: 'Failed to send campaign. You may have hit rate limits.',
          }),
      },
    );
  }

  const newCount = [...chosen].filter((contactId) => !locked.has(contactId)).length;
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
            <RecipientChecklist
              selected={chosen}
              onSelectedChange={setSelected}
              locked={locked}
              maxHeight={RECIPIENT_LIST_MAX_HEIGHT_PX}
              summary={`Selected: ${newCount} new recipients`}
            />
            <DialogFormFooter submitLabel="Send Campaign" pending={send.isPending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
