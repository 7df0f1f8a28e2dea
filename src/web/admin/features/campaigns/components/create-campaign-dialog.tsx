import { Plus } from 'lucide-react';
import * as React from 'react';
import type { z } from 'zod';
import { campaignCreateSchema } from '@/shared/campaigns';
import { Button } from '@/web/components/ui/button';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { FormDialog } from '../../../components/form-dialog';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { useCreateCampaign } from '../api/create-campaign';
import {
  emptySelection,
  RecipientChecklist,
  type RecipientSelection,
  selectionBody,
} from './recipient-checklist';

/** The dialog's own fields (recipients live in the checklist's state). */
const campaignFormSchema = campaignCreateSchema.omit({
  recipientIds: true,
  audience: true,
  excludeIds: true,
});
const emptyCampaign = { name: '', subject: '', htmlContent: '' } satisfies z.input<typeof campaignFormSchema>;

/** Recipient list height in the create dialog (spec §9). */
const RECIPIENT_LIST_MAX_HEIGHT_PX = 200;

/**
 * 'Create Campaign' (spec §2 campaigns, §5, §8): Campaign Name, Email Subject, Email Content
 * (HTML; `{{name}}`, `{{firstName}}` and `{{email}}` are filled per recipient) and the recipient
 * checklist with Select All (every matching contact, chosen by the server: issue #15) and the
 * count. A blank field gives 'All fields are required'; an
 * unknown placeholder gives its own message, naming the known ones (issue #11 §4). Creates a draft:
 * toast 'Campaign created', or 'Error' / 'Failed to create campaign'.
 */
export function CreateCampaignDialog() {
  const id = React.useId();
  const [recipients, setRecipients] = React.useState<RecipientSelection>(emptySelection);
  const create = useCreateCampaign();
  const { open, onOpenChange, form, errors } = useDialogForm(campaignFormSchema, emptyCampaign, () =>
    setRecipients(emptySelection),
  );

  const onSubmit = form.handleSubmit(
    (campaign) =>
      create.mutate(
        { ...campaign, ...selectionBody(recipients) },
        {
          onSuccess: () => {
            toast({ title: 'Campaign created' });
            onOpenChange(false);
          },
          onError: () =>
            toast({ variant: 'destructive', title: 'Error', description: 'Failed to create campaign' }),
        },
      ),
    (invalid) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        // A blank field gives the spec's text; an unknown placeholder names itself (issue #11 §4).
        description:
          [invalid.name, invalid.subject, invalid.htmlContent]
            .map((error) => error?.message)
            .find((message) => message && message !== 'All fields are required') ?? 'All fields are required',
      }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Campaign"
      description={
        <>
          Saved as a draft; nothing is sent until you press Send. Use {'{{name}}'}, {'{{firstName}}'} and{' '}
          {'{{email}}'} to personalise.
        </>
      }
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      trigger={
        <Button variant="gradient">
          <Plus aria-hidden="true" />
          Create Campaign
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id={`${id}-name`} label="Campaign Name" error={errors.name?.message}>
          {(control) => <Input autoComplete="off" required {...control} {...form.register('name')} />}
        </FormField>
        <FormField id={`${id}-subject`} label="Email Subject" error={errors.subject?.message}>
          {(control) => <Input autoComplete="off" required {...control} {...form.register('subject')} />}
        </FormField>
        <FormField id={`${id}-content`} label="Email Content (HTML)" error={errors.htmlContent?.message}>
          {(control) => (
            <Textarea
              required
              spellCheck={false}
              placeholder="<h1>Hello {{firstName}}</h1>"
              className="min-h-36 font-mono text-sm"
              {...control}
              {...form.register('htmlContent')}
            />
          )}
        </FormField>
        <RecipientChecklist
          selection={recipients}
          onSelectionChange={setRecipients}
          maxHeight={RECIPIENT_LIST_MAX_HEIGHT_PX}
          summary={(count) => `${count.toLocaleString('en-US')} selected`}
        />
        <DialogFormFooter submitLabel="Create Campaign" pending={create.isPending} />
      </form>
    </FormDialog>
  );
}
