import { Loader2, Merge } from 'lucide-react';
import { Link } from 'react-router';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/hooks/use-toast';
import { formatDateTime } from '@/web/lib/format-date';
import { toastFailure } from '@/web/lib/toast-failure';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useContactDuplicates } from '../api/get-contact-duplicates';
import { useMergeContacts } from '../api/merge-contacts';
import { ContactStatusBadge } from './contact-status-badge';

/**
 * 'Same Email Address' on the contact detail (decision 019): lists the other contacts with this
 * contact's address (duplicates from before one contact per address was enforced) and merges
 * one into this contact after a confirmation: its messages, tags, notes, tasks, client link and
 * campaign history move here and it is deleted. Toasts 'Contacts merged' or 'Error' with the
 * server's reason. Renders nothing when there is no duplicate (the usual case).
 */
export function DuplicateContactsCard({ contact }: { contact: Pick<Contact, 'id' | 'name' | 'email'> }) {
  const duplicates = useContactDuplicates(contact.id);
  const merge = useMergeContacts();
  if (!duplicates.data || duplicates.data.length === 0) return null;

  return (
    <Card className="gap-4 border-amber-400/40">
      <CardHeader>
        <CardTitle as="h2">Same Email Address</CardTitle>
        <CardDescription className="break-words">
          {duplicates.data.length === 1
            ? 'Another contact uses'
            : `${duplicates.data.length} other contacts use`}{' '}
          {contact.email}. Merge to keep one contact for this person.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {duplicates.data.map((duplicate) => (
            <li
              key={duplicate.id}
              className="grid gap-2 rounded-lg border border-white/10 bg-white/[0.02] p-3 text-sm"
            >
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <Link
                  to={`/admin/contacts/${duplicate.id}`}
                  className="min-w-0 break-words font-medium text-brand-cyan hover:underline"
                >
                  {duplicate.name}
                </Link>
                <ContactStatusBadge status={duplicate.status} />
              </div>
              <p className="text-muted-foreground">
                Created <time dateTime={duplicate.createdAt}>{formatDateTime(duplicate.createdAt)}</time>
              </p>
              <p className="line-clamp-2 break-words text-muted-foreground">{duplicate.message}</p>
              <ConfirmDialog
                trigger={
                  <Button
                    variant="outline"
                    size="sm"
                    className="justify-self-start"
                    disabled={merge.isPending}
                  >
                    {merge.isPending ? (
                      <Loader2 className="animate-spin" aria-hidden="true" />
                    ) : (
                      <Merge aria-hidden="true" />
                    )}
                    Merge into this contact
                  </Button>
                }
                title="Merge contacts?"
                description={`The messages, tags, notes, tasks, client link and campaign history of “${duplicate.name}” (created ${formatDateTime(duplicate.createdAt)}) move to “${contact.name}”, and “${duplicate.name}” is deleted. This action cannot be undone.`}
                confirmLabel="Merge"
                onConfirm={() =>
                  merge.mutate(
                    { contactId: contact.id, duplicateId: duplicate.id },
                    {
                      onSuccess: () => toast({ title: 'Contacts merged' }),
                      onError: (error) => toastFailure(error, 'Failed to merge contacts.'),
                    },
                  )
                }
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
