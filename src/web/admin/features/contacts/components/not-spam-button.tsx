import { ShieldCheck } from 'lucide-react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { useMarkNotSpam } from '../api/mark-not-spam';

/**
 * 'Not spam' for a contact held as spam (decision 037): moves it to `new` and sends the new-lead
 * notification the quarantine held back, then says so in a toast. Nothing for any other contact.
 */
export function NotSpamButton({ contact }: { contact: Contact }) {
  const notSpam = useMarkNotSpam();
  if (contact.status !== 'spam') return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={notSpam.isPending}
      // The promise, not mutate's callbacks: the release refreshes the contact, which removes this
      // button, and a per-call onSuccess of an unmounted observer never runs (no toast).
      onClick={() =>
        notSpam.mutateAsync(contact.id).then(
          () =>
            toast({
              title: 'Not spam',
              description: `${contact.name} is back among the leads as New; the notification is on its way.`,
            }),
          (error: unknown) => toastFailure(error, 'Failed to release the contact.'),
        )
      }
    >
      <ShieldCheck aria-hidden="true" />
      Not spam
    </Button>
  );
}
