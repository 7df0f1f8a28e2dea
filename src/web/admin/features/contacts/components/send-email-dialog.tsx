import { Mail } from 'lucide-react';
import * as React from 'react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { DialogClose } from '@/web/components/ui/dialog';
import { FormDialog } from '../../../components/form-dialog';
import { SendEmailForm } from './send-email-form';

/** 'Send Email' on a contact card (spec §2): a dialog with subject and HTML message; closes once sent. */
export function SendEmailDialog({ contact }: { contact: Pick<Contact, 'id' | 'name' | 'email'> }) {
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
        <Button variant="outline" size="sm">
          <Mail aria-hidden="true" />
          Send Email
        </Button>
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
