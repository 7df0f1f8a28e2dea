import { Plus } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router';
import {
  type ContactCreate,
  contactCreateSchema,
  contactStatuses,
  contactStatusLabels as statusLabels,
} from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { toastFailure } from '@/web/lib/toast-failure';
import { FormDialog } from '../../../components/form-dialog';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { useTags } from '../../tags';
import { existingContactId, useAddContact } from '../api/add-contact';
import { ContactFieldInputs } from './contact-field-inputs';

const emptyContact = {
  name: '',
  email: '',
  phone: '',
  company: '',
  notes: '',
  status: 'new',
  tagIds: [],
} satisfies ContactCreate;

/** Lost needs a reason: a contact is marked lost from its detail or the board. */
const addStatuses = contactStatuses.filter((s) => s !== 'lost');

/**
 * 'Add Contact' on /admin/contacts: the editable fields of `contactFields` (Name *, Email *, Phone,
 * Company), Notes, Status (default New)
 * and Tags. An address that has a contact already (any letter case) is refused, with a link to
 * that contact. Success toasts 'Contact added' and opens nothing: the list refreshes.
 */
export function AddContactDialog() {
  const id = React.useId();
  const add = useAddContact();
  const tags = useTags();
  const [existing, setExisting] = React.useState<number | null>(null);
  const { open, onOpenChange, form, errors } = useDialogForm(contactCreateSchema, emptyContact, () =>
    setExisting(null),
  );
  const chosenTags = form.watch('tagIds') ?? [];

  const onSubmit = form.handleSubmit((contact) => {
    setExisting(null);
    add.mutate(contact, {
      onSuccess: () => {
        toast({ title: 'Contact added' });
        onOpenChange(false);
      },
      onError: (error) => {
        const other = existingContactId(error);
        if (other !== null) {
          setExisting(other);
          return;
        }
        toastFailure(error, 'Failed to add contact.');
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Contact"
      description="A lead from a call, a referral or a meeting. Name and email are required."
      className="max-h-[90dvh] overflow-y-auto"
      trigger={
        <Button variant="gradient">
          <Plus aria-hidden="true" />
          Add Contact
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {/* The fields Edit shows too (src/shared/contact-fields.ts); notes below, full width. */}
          <ContactFieldInputs idPrefix={id} register={(key) => form.register(key)} errors={errors} />
        </div>
        {existing !== null ? (
          <p role="alert" className="text-sm text-red-300">
            A contact with this email address already exists.{' '}
            <Link to={`/admin/contacts/${existing}`} className="font-medium text-brand-cyan underline">
              Open the existing contact
            </Link>
          </p>
        ) : null}
        <FormField id={`${id}-status`} label="Status" error={errors.status?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('status')}>
              {addStatuses.map((value) => (
                <option key={value} value={value}>
                  {statusLabels[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {tags.data && tags.data.length > 0 ? (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Tags</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {tags.data.map((tag) => (
                <label
                  key={tag.id}
                  htmlFor={`${id}-tag-${tag.id}`}
                  className="flex items-center gap-2 text-sm"
                >
                  <Checkbox
                    id={`${id}-tag-${tag.id}`}
                    checked={chosenTags.includes(tag.id)}
                    onChange={(event) =>
                      form.setValue(
                        'tagIds',
                        event.target.checked
                          ? [...chosenTags, tag.id]
                          : chosenTags.filter((t) => t !== tag.id),
                      )
                    }
                  />
                  <span className="wrap-anywhere">{tag.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
          {(control) => <Textarea className="min-h-20" {...control} {...form.register('notes')} />}
        </FormField>
        <DialogFormFooter submitLabel="Add Contact" pending={add.isPending} />
      </form>
    </FormDialog>
  );
}
