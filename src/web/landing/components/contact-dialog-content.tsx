import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { contactSection } from '../content';
import { ContactForm } from './contact-form';

/** Props of {@link ContactDialogContent}. */
export interface ContactDialogContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  siteEmail: string;
  /** Called after a successful submission (the caller closes the dialog). */
  onSuccess: () => void;
  /** Runs when the dialog has fully closed; the caller decides where focus (and the page) goes. */
  onClosed: () => void;
}

/**
 * The contact dialog itself (Radix Dialog with the contact form). Loaded on demand by
 * `ContactDialog`, so the landing's first load carries no dialog code.
 */
export function ContactDialogContent({
  open,
  onOpenChange,
  siteEmail,
  onSuccess,
  onClosed,
}: ContactDialogContentProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-xl!"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle className="text-2xl!">{contactSection.dialogTitle}</DialogTitle>
          <DialogDescription>{contactSection.dialogDescription}</DialogDescription>
        </DialogHeader>
        <ContactForm siteEmail={siteEmail} onSuccess={onSuccess} eagerProofOfWork />
      </DialogContent>
    </Dialog>
  );
}
