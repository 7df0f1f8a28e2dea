import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Client, clientTaskCreateSchema } from '@/shared/clients';
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
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { useCreateClientTask } from '../api/create-client-task';

type ClientTaskValues = z.input<typeof clientTaskCreateSchema>;

const emptyTask = { title: '', description: '' } satisfies ClientTaskValues;

/**
 * 'Add Task' on a client card (spec §2 clients, §5): title required (toast 'Missing information'
 * / 'Please enter a task title.'), optional description. Success toasts 'Task added'; failure
 * 'Error' / 'Failed to add task.' (spec §8).
 */
export function AddClientTaskDialog({ client }: { client: Pick<Client, 'id' | 'name'> }) {
  const id = React.useId();
  const [open, setOpen] = React.useState(false);
  const create = useCreateClientTask();
  const form = useForm<ClientTaskValues, unknown, z.output<typeof clientTaskCreateSchema>>({
    resolver: zodResolver(clientTaskCreateSchema),
    defaultValues: emptyTask,
  });
  const { errors } = form.formState;

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next) form.reset(emptyTask);
  }

  const onSubmit = form.handleSubmit(
    (task) =>
      create.mutate(
        { clientId: client.id, task },
        {
          onSuccess: () => {
            toast({ title: 'Task added' });
            handleOpenChange(false);
          },
          onError: () =>
            toast({ variant: 'destructive', title: 'Error', description: 'Failed to add task.' }),
        },
      ),
    (invalid) => {
      if (invalid.title) {
        toast({
          variant: 'destructive',
          title: 'Missing information',
          description: 'Please enter a task title.',
        });
      }
    },
  );

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Add Task for ${client.name}`}>
          <Plus aria-hidden="true" />
          Add Task
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Task</DialogTitle>
          <DialogDescription>A follow-up task for {client.name}.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              autoComplete="off"
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? `${id}-title-error` : undefined}
              {...form.register('title')}
            />
            <FieldError id={`${id}-title-error`}>{errors.title?.message}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-description`}>Description (optional)</Label>
            <Textarea
              id={`${id}-description`}
              className="min-h-20"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${id}-description-error` : undefined}
              {...form.register('description')}
            />
            <FieldError id={`${id}-description-error`}>{errors.description?.message}</FieldError>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              Add Task
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
