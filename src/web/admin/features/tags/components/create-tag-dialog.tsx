import { Plus } from 'lucide-react';
import * as React from 'react';
import type { z } from 'zod';
import { type Tag, tagCreateSchema } from '@/shared/tags';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { getApiErrorMessage } from '@/web/lib/api';
import { FormDialog } from '../../../components/form-dialog';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { useCreateTag } from '../api/create-tag';
import { TagBadge } from './tag-badge';

type TagValues = z.input<typeof tagCreateSchema>;

const DEFAULT_COLOR = '#22d3ee';

const emptyTag = { name: '', color: DEFAULT_COLOR } satisfies TagValues;

/**
 * 'Create tag' (docs/product.md §6.4): a name and a colour, with a live preview of the badge.
 * A taken name shows the server's message under the name. `onCreated` gets the new tag.
 */
export function CreateTagDialog({ onCreated }: { onCreated?: (tag: Tag) => void }) {
  const id = React.useId();
  const create = useCreateTag();
  const { open, onOpenChange, form, errors } = useDialogForm(tagCreateSchema, emptyTag);
  const preview = { name: form.watch('name') || 'Tag', color: form.watch('color') };

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (tag) => {
        onOpenChange(false);
        onCreated?.(tag);
      },
      onError: (error) =>
        form.setError('name', { message: getApiErrorMessage(error) ?? 'Failed to create tag.' }),
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create tag"
      description="The new tag is added to this contact."
      trigger={
        <Button variant="outline" size="sm">
          <Plus aria-hidden="true" />
          Create tag
        </Button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id={`${id}-name`} label="Tag name" error={errors.name?.message}>
          {(control) => <Input autoComplete="off" {...control} {...form.register('name')} />}
        </FormField>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-color`}>Colour</Label>
          <div className="flex items-center gap-3">
            <Input
              id={`${id}-color`}
              type="color"
              className="h-10 w-16 cursor-pointer p-1"
              aria-invalid={errors.color ? true : undefined}
              aria-describedby={errors.color ? `${id}-color-error` : undefined}
              {...form.register('color')}
            />
            <TagBadge tag={preview} />
          </div>
          <FieldError id={`${id}-color-error`}>{errors.color?.message}</FieldError>
        </div>
        <DialogFormFooter submitLabel="Create tag" pending={create.isPending} />
      </form>
    </FormDialog>
  );
}
