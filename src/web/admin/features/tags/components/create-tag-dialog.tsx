import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Tag, tagCreateSchema } from '@/shared/tags';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { getApiErrorMessage } from '@/web/lib/api';
import { useCreateTag } from '../api/create-tag';
import { TagBadge } from './tag-badge';

type TagValues = z.input<typeof tagCreateSchema>;

const DEFAULT_COLOR = '#22d3ee';

/**
 * 'Create tag' (DESIGN §3 'Tags'): a name and a colour, with a live preview of the badge.
 * A taken name shows the server's message under the name. `onCreated` gets the new tag.
 */
export function CreateTagDialog({ onCreated }: { onCreated?: (tag: Tag) => void }) {
  const id = React.useId();
  const [open, setOpen] = React.useState(false);
  const create = useCreateTag();
  const form = useForm<TagValues, unknown, z.output<typeof tagCreateSchema>>({
    resolver: zodResolver(tagCreateSchema),
    defaultValues: { name: '', color: DEFAULT_COLOR },
  });
  const { errors } = form.formState;
  const preview = { name: form.watch('name') || 'Tag', color: form.watch('color') };

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next) form.reset();
  }

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (tag) => {
        handleOpenChange(false);
        onCreated?.(tag);
      },
      onError: (error) =>
        form.setError('name', { message: getApiErrorMessage(error) ?? 'Failed to create tag.' }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Plus aria-hidden="true" />
          Create tag
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create tag</DialogTitle>
          <DialogDescription>The new tag is added to this contact.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Tag name</Label>
            <Input
              id={`${id}-name`}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
              {...form.register('name')}
            />
            <FieldError id={`${id}-name-error`}>{errors.name?.message}</FieldError>
          </div>
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
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              Create tag
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
