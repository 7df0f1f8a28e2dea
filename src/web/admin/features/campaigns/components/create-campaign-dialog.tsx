import { Pencil, Plus } from 'lucide-react';
import * as React from 'react';
import type { z } from 'zod';
import { type Campaign, campaignCreateSchema } from '@/shared/campaigns';
import { type EmailFormat, plainTextToHtml } from '@/shared/email-body';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { FormDialog } from '../../../components/form-dialog';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { EmailComposer } from '../../mail';
import { useCreateCampaign } from '../api/create-campaign';
import { useEditCampaign } from '../api/edit-campaign';
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

/** Recipient list height in the create dialog (docs/product.md §14.1). */
const RECIPIENT_LIST_MAX_HEIGHT_PX = 200;

/**
 * 'Create Campaign' (docs/product.md §8.1, §8.2): Campaign Name, Email Subject, Email Content
 * (HTML; `{{name}}`, `{{firstName}}` and `{{email}}` are filled per recipient) and the recipient
 * checklist with Select All (every matching contact, chosen by the server; decision 029) and the
 * count. A blank field gives 'All fields are required'; an
 * unknown placeholder gives its own message, naming the known ones. Creates a draft:
 * toast 'Campaign created', or 'Error' / 'Failed to create campaign'.
 *
 * With `campaign` (a draft), the same dialog is 'Edit Campaign': filled with its name, subject
 * and HTML content, without the checklist (a draft's recipients are chosen again at Send);
 * 'Save Changes' replaces them ('Campaign updated', or the server's reason, e.g. once it is sent).
 */
export function CreateCampaignDialog({ campaign: draft }: { campaign?: Campaign } = {}) {
  const id = React.useId();
  const [recipients, setRecipients] = React.useState<RecipientSelection>(emptySelection);
  const create = useCreateCampaign();
  const update = useEditCampaign();
  // HTML by default, as the spec's 'Email Content (HTML)'; plain text is sent as escaped paragraphs.
  const [format, setFormat] = React.useState<EmailFormat>('html');
  const initial = draft
    ? { name: draft.name, subject: draft.subject, htmlContent: draft.htmlContent }
    : emptyCampaign;
  const {
    open,
    onOpenChange: setOpen,
    form,
    errors,
  } = useDialogForm(campaignFormSchema, initial, () => {
    setRecipients(emptySelection);
    setFormat('html');
  });
  // Opened on the draft's current values (the list may have refetched since the last edit).
  const onOpenChange = (next: boolean) => {
    if (next) form.reset(initial);
    setOpen(next);
  };
  const content = form.watch('htmlContent') ?? '';

  const onSubmit = form.handleSubmit(
    (campaign) => {
      const htmlContent = format === 'text' ? plainTextToHtml(campaign.htmlContent) : campaign.htmlContent;
      if (draft) {
        update.mutate(
          { id: draft.id, edit: { ...campaign, htmlContent } },
          {
            onSuccess: () => {
              toast({ title: 'Campaign updated' });
              onOpenChange(false);
            },
            onError: (error) => toastFailure(error, 'Failed to update campaign'),
          },
        );
        return;
      }
      create.mutate(
        { ...campaign, htmlContent, ...selectionBody(recipients) },
        {
          onSuccess: () => {
            toast({ title: 'Campaign created' });
            onOpenChange(false);
          },
          onError: () =>
            toast({ variant: 'destructive', title: 'Error', description: 'Failed to create campaign' }),
        },
      );
    },
    (invalid) =>
      toast({
        variant: 'destructive',
        title: 'Error',
        // A blank field gives the spec's text; an unknown placeholder names itself.
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
      title={draft ? 'Edit Campaign' : 'Create Campaign'}
      description={
        <>
          {draft ? 'Still a draft' : 'Saved as a draft'}; nothing is sent until you press Send. Use{' '}
          {'{{name}}'}, {'{{firstName}}'} and {'{{email}}'} to personalise.
        </>
      }
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      trigger={
        draft ? (
          <Button variant="outline" size="sm" aria-label={`Edit campaign ${draft.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : (
          <Button variant="gradient">
            <Plus aria-hidden="true" />
            Create Campaign
          </Button>
        )
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id={`${id}-name`} label="Campaign Name" error={errors.name?.message}>
          {(control) => <Input autoComplete="off" required {...control} {...form.register('name')} />}
        </FormField>
        <FormField id={`${id}-subject`} label="Email Subject" error={errors.subject?.message}>
          {(control) => <Input autoComplete="off" required {...control} {...form.register('subject')} />}
        </FormField>
        <div className="grid gap-2">
          <EmailComposer
            id={`${id}-content`}
            label={{ html: 'Email Content (HTML)', text: 'Email Content (plain text)' }}
            format={format}
            onFormatChange={setFormat}
            content={content}
            htmlPlaceholder="<h1>Hello {{firstName}}</h1>"
            textarea={{
              required: true,
              'aria-invalid': errors.htmlContent ? true : undefined,
              'aria-describedby': errors.htmlContent ? `${id}-content-error` : undefined,
              className: 'min-h-36',
              ...form.register('htmlContent'),
            }}
          />
          <FieldError id={`${id}-content-error`}>{errors.htmlContent?.message}</FieldError>
        </div>
        {draft ? null : (
          <RecipientChecklist
            selection={recipients}
            onSelectionChange={setRecipients}
            maxHeight={RECIPIENT_LIST_MAX_HEIGHT_PX}
            summary={(count) => `${count.toLocaleString('en-US')} selected`}
          />
        )}
        <DialogFormFooter
          submitLabel={draft ? 'Save Changes' : 'Create Campaign'}
          pending={create.isPending || update.isPending}
          sticky
        />
      </form>
    </FormDialog>
  );
}
