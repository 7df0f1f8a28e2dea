import { Loader2, UserCheck } from 'lucide-react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { useConvertContactToClient } from '../api/convert-contact-to-client';

/**
 * 'Turn into Client' (spec §2, §8): creates a client from the contact; toasts 'Client created',
 * or 'Error' / 'Failed to convert contact to client.'. Hidden once the contact is converted.
 */
export function ConvertToClientButton({ contact }: { contact: Pick<Contact, 'id' | 'status'> }) {
  const convert = useConvertContactToClient();
  if (contact.status === 'converted') return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={convert.isPending}
      onClick={() =>
        convert.mutate(contact.id, {
          onSuccess: () => toast({ title: 'Client created' }),
          onError: () =>
            toast({
              variant: 'destructive',
              title: 'Error',
              description: 'Failed to convert contact to client.',
            }),
        })
      }
    >
      {convert.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <UserCheck aria-hidden="true" />
      )}
      Turn into Client
    </Button>
  );
}
