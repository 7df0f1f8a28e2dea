import { Mail } from 'lucide-react';
import * as React from 'react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { SendEmailForm } from './send-email-form';

/** 'Send Email' on a contact card (spec §2): a dialog with subject and HTML message; closes once sent. */
export function SendEmailDialog({ contact }: { contact: Pick<Contact, 'id' | 'name' | 'email'> }) {
  const [open, setOpen] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Mail aria-hidden="true" />
          Send Email
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Send Email</DialogTitle>
          <DialogDescription>
            To {contact.name} &lt;{contact.email}&gt;
          </DialogDescription>
        </DialogHeader>
        <SendEmailForm contact={contact} invalidFeedback="toast" onSent={() => setOpen(false)}>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
        </SendEmailForm>
      </DialogContent>
    </Dialog>
  );
}
