import { Loader2, UserCheck } from 'lucide-react';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage, getApiErrorStatus } from '@/web/lib/api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConvertContactToClient } from '../api/convert-contact-to-client';

/**
 * 'Turn into Client' (docs/product.md §6.7): asks first (it creates a client and marks the contact
 * converted, which the owner cannot undo from here), then creates the client; toasts 'Client
 * created', or 'Error' with the server's reason on a conflict (409: already a client) and the
 * spec's 'Failed to convert contact to client.' otherwise. Hidden once the contact is converted.
 * `compact`: an icon button named 'Turn into Client', for the contacts table's dense rows.
 */
export function ConvertToClientButton({
  contact,
  compact = false,
}: {
  contact: Pick<Contact, 'id' | 'status' | 'name'>;
  compact?: boolean;
}) {
  const convert = useConvertContactToClient();
  if (contact.status === 'converted') return null;
  return (
    <ConfirmDialog
      title="Turn into Client?"
      description={`This creates a client from ${contact.name} and marks the contact as converted.`}
      confirmLabel="Turn into Client"
      onConfirm={() =>
        convert.mutate(contact.id, {
          onSuccess: () => toast({ title: 'Client created' }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Error',
              description:
                (getApiErrorStatus(error) === 409 ? getApiErrorMessage(error) : null) ??
                'Failed to convert contact to client.',
            }),
        })
      }
      trigger={
        <Button
          variant={compact ? 'ghost' : 'secondary'}
          size={compact ? 'icon' : 'sm'}
          className={compact ? 'size-8' : undefined}
          aria-label={compact ? 'Turn into Client' : undefined}
          title={compact ? 'Turn into Client' : undefined}
          disabled={convert.isPending}
        >
          {convert.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <UserCheck aria-hidden="true" />
          )}
          {compact ? null : 'Turn into Client'}
        </Button>
      }
    />
  );
}
