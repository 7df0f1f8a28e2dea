import { Mail } from 'lucide-react';
import * as React from 'react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { DialogClose } from '@/web/components/ui/dialog';
import { FormDialog } from '../../../components/form-dialog';
import { SendEmailForm } from './send-email-form';

/**
 * 'Send Email' on a contact card or table row (docs/product.md §6.6): a dialog with subject and HTML message;
 * closes once sent. `compact`: an icon button named 'Send Email', for the table's dense rows.
 */
export function SendEmailDialog({
  contact,
  compact = false,
}: {
  contact: Pick<Contact, 'id' | 'name' | 'email'>;
  compact?: boolean;
}) {
  const [open, setOpen] = React.useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Send Email"
      description={
        <>
          To {contact.name} &lt;{contact.email}&gt;
        </>
      }
      className="sm:max-w-xl"
      trigger={
        compact ? (
          <Button variant="ghost" size="icon" className="size-8" aria-label="Send Email" title="Send Email">
            <Mail aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline" size="sm">
            <Mail aria-hidden="true" />
            Send Email
          </Button>
        )
      }
    >
      <SendEmailForm contact={contact} invalidFeedback="toast" onSent={() => setOpen(false)}>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
      </SendEmailForm>
    </FormDialog>
  );
}
