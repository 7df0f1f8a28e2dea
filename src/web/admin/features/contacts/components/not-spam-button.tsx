import { ShieldCheck } from 'lucide-react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { useMarkNotSpam } from '../api/mark-not-spam';

/**
 * 'Not spam' for a contact held as spam (decision 037): moves it to `new` and sends the new-lead
 * notification the quarantine held back. Nothing for any other contact.
 */
export function NotSpamButton({ contact }: { contact: Contact }) {
  const notSpam = useMarkNotSpam();
  if (contact.status !== 'spam') return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={notSpam.isPending}
      onClick={() => notSpam.mutate(contact.id)}
    >
      <ShieldCheck aria-hidden="true" />
      Not spam
    </Button>
  );
}
