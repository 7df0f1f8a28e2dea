import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Contact } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteContact } from '../api/delete-contact';

/** The erasure prompt's text (issue: 'Delete and erase'). */
export const DELETE_CONTACT_TEXT =
  'This erases the contact and every message, task, note and campaign record about them. This action cannot be undone.';

/**
 * 'Danger Zone' of the contact detail: 'Delete contact' asks 'Delete this contact?' and erases
 * the contact (docs/personal-data.md), then goes back to the list with the toast 'Contact
 * deleted'. For a converted contact the prompt says the client record stays.
 */
export function ContactDangerZoneCard({ contact }: { contact: Contact }) {
  const navigate = useNavigate();
  const remove = useDeleteContact();
  const description =
    contact.status === 'converted'
      ? `${DELETE_CONTACT_TEXT} The client made from this contact keeps its own record on the Clients screen.`
      : DELETE_CONTACT_TEXT;
  return (
    <Card className="gap-4 border-red-500/30">
      <CardHeader>
        <CardTitle as="h2" className="text-red-300">
          Danger Zone
        </CardTitle>
        <CardDescription>Deleting erases this person from the CRM for good.</CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmDialog
          title="Delete this contact?"
          description={description}
          confirmLabel="Delete contact"
          onConfirm={() =>
            remove.mutate(contact.id, {
              onSuccess: () => {
                navigate('/admin/contacts');
                toast({ title: 'Contact deleted' });
              },
              onError: (error) => toastFailure(error, 'Failed to delete contact.'),
            })
          }
          trigger={
            <Button variant="destructive" disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              Delete contact
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}
