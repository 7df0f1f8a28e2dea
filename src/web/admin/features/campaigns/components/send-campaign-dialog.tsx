import * as React from 'react';
import type { AudienceMember, CampaignDetails, CampaignSendResult } from '@/shared/campaigns';
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
import { useAudience } from '../api/get-campaign-audience';
import { useCampaignDetails } from '../api/get-campaign-details';
import { useSendCampaign } from '../api/send-campaign';
import { PlaceholderAlert } from './placeholder-alert';
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

/**
 * Marks of contacts that cannot be chosen again: sent already, or still queued. By address,
 * lower-cased, as the server keeps recipients unique (issue #11 §3): a second contact with an
 * address the campaign already reached is '(Already sent)' too.
 */
function lockedRecipients(
  details: CampaignDetails,
  audience: readonly AudienceMember[],
): Map<number, string> {
  const byEmail = new Map<string, string>();
  for (const recipient of details.recipients) {
    const email = recipient.email.toLowerCase();
    if (recipient.status === 'sent') byEmail.set(email, '(Already sent)');
    else if (
      details.status !== 'draft' &&
      (recipient.status === 'pending' || recipient.status === 'sending') &&
      !byEmail.has(email)
    ) {
      byEmail.set(email, '(Queued)');
    }
  }
  const locked = new Map<number, string>();
  for (const member of audience) {
    const mark = byEmail.get(member.email.toLowerCase());
    if (mark) locked.set(member.id, mark);
  }
  return locked;
}

/**
 * Chooses recipients and sends (spec §2 campaigns). `mode: 'send'` is a draft's 'Send': the
 * contacts ticked at creation come pre-selected, so the admin confirms before anything goes out.
 * `mode: 'resend'` is 'Resend to New Recipients': contacts already sent are disabled and marked
 * '(Already sent)' — every contact with an address already sent, in any case (issue #11 §3); the
 * count reads 'Selected: N new recipients'. No recipient gives 'Please select at least one
 * recipient'; an unknown placeholder is shown and blocks the send, naming the known ones (issue
 * #11 §4); another failed call gives 'Failed to send campaign. You may have hit rate limits.'
 * (spec §8). A large batch answers 202: the dialog closes and the card shows progress.
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
  const audience = useAudience();
  const send = useSendCampaign();
  const [selected, setSelected] = React.useState<Set<number> | null>(null);
  const locked = React.useMemo(
    () => (details.data ? lockedRecipients(details.data, audience.data ?? []) : new Map<number, string>()),
    [details.data, audience.data],
  );
  // A draft saved before placeholders were checked may hold an unknown one (issue #11 §4).
  const placeholderError = details.data ? campaignPlaceholderError(details.data) : null;

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
    if (placeholderError) {
      toast({ variant: 'destructive', title: 'Error', description: placeholderError });
      return;
    }
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
            <PlaceholderAlert message={placeholderError} />
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
