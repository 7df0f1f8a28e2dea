import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Merge } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { type EditableContactFieldKey, editableContactFields } from '@/shared/contact-fields';
import { type Contact, contactCreateSchema } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { existingContactId } from '../api/add-contact';
import { useMergeContacts } from '../api/merge-contacts';
import { useUpdateContact } from '../api/update-contact';
import { ContactFieldInputs } from './contact-field-inputs';

/** The fields Edit shows (`contactFields` marked `editable`), checked as Add Contact checks them. */
const editSchema = contactCreateSchema.pick(
  Object.fromEntries(editableContactFields.map((f) => [f.key, true])) as Record<
    EditableContactFieldKey,
    true
  >,
);

/**
 * The contact detail's Edit (decision 058): the fields of `contactFields` marked editable (name,
 * email, phone, company) with Save and Cancel; Save toasts 'Contact updated'. A new address that
 * another contact has is refused with a link to that contact and an offer to merge this one into
 * it (after a confirmation: this contact is deleted, the other keeps its address).
 */
export function EditContactForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const id = React.useId();
  const navigate = useNavigate();
  const update = useUpdateContact();
  const merge = useMergeContacts();
  const [existing, setExisting] = React.useState<number | null>(null);
  const form = useForm({
    resolver: zodResolver(editSchema),
    defaultValues: Object.fromEntries(
      editableContactFields.map((f) => [f.key, contact[f.key] ?? '']),
    ) as Record<EditableContactFieldKey, string>,
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((changes) => {
    setExisting(null);
    update.mutate(
      { contactId: contact.id, changes },
      {
        onSuccess: () => {
          toast({ title: 'Contact updated' });
          onDone();
        },
        onError: (error) => {
          const other = existingContactId(error);
          if (other !== null) setExisting(other);
          else toastFailure(error, 'Failed to update contact.');
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Edit contact">
      <ContactFieldInputs idPrefix={id} register={(key) => form.register(key)} errors={errors} />
      {existing !== null ? (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-amber-400/40 bg-amber-400/10 p-3 text-sm"
        >
          <p>
            Another contact has this email address.{' '}
            <Link to={`/admin/contacts/${existing}`} className="font-medium text-brand-cyan underline">
              Open the existing contact
            </Link>
          </p>
          <ConfirmDialog
            trigger={
              <Button
                type="button"
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
                Merge into it
              </Button>
            }
            title="Merge into the existing contact?"
            description={`The messages, tags, notes, tasks, client link and campaign history of “${contact.name}” move to the contact that has this address, which keeps its name and address; “${contact.name}” is deleted. This action cannot be undone.`}
            confirmLabel="Merge"
            onConfirm={() =>
              merge.mutate(
                { contactId: existing, duplicateId: contact.id, anyAddress: true },
                {
                  onSuccess: () => {
                    toast({ title: 'Contacts merged' });
                    navigate(`/admin/contacts/${existing}`);
                  },
                  onError: (error) => toastFailure(error, 'Failed to merge contacts.'),
                },
              )
            }
          />
        </div>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
