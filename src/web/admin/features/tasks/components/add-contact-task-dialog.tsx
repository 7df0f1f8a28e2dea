import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { contactTaskCreateSchema } from '@/shared/tasks';
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
import { NativeSelect } from '@/web/components/ui/native-select';
import { Textarea } from '@/web/components/ui/textarea';
import { toast } from '@/web/hooks/use-toast';
import { getApiErrorMessage } from '@/web/lib/api';
import { endOfLocalDayIso } from '@/web/lib/format-date';
import { useCreateContactTask } from '../api/create-contact-task';

/**
 * The form's fields: the shared schema's title, description and priority, and the due date as
 * the date field gives it (`YYYY-MM-DD`, optional), turned into an instant on submit.
 */
const taskFormSchema = contactTaskCreateSchema
  .pick({ title: true, description: true, priority: true })
  .extend({ dueDate: z.string() });
type TaskFormValues = z.input<typeof taskFormSchema>;

const emptyTask: TaskFormValues = { title: '', description: '', priority: 'medium', dueDate: '' };

/**
 * 'Add Task' on the contact detail (spec §2, §5): title (required, trimmed: 'Task title is
 * required'), optional description, priority (default medium) and optional due date (DESIGN §3).
 * Success toasts 'Task added' and closes.
 */
export function AddContactTaskDialog({ contactId }: { contactId: number }) {
  const id = React.useId();
  const [open, setOpen] = React.useState(false);
  const create = useCreateContactTask();
  const form = useForm<TaskFormValues, unknown, z.output<typeof taskFormSchema>>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: emptyTask,
  });
  const { errors } = form.formState;

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (!next) form.reset(emptyTask);
  }

  const onSubmit = form.handleSubmit(({ dueDate, ...task }) =>
    create.mutate(
      { ...task, contactId, dueAt: endOfLocalDayIso(dueDate) },
      {
        onSuccess: () => {
          toast({ title: 'Task added' });
          handleOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: getApiErrorMessage(error) ?? 'Failed to add task.',
          }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Add Task
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Task</DialogTitle>
          <DialogDescription>A follow-up for this contact.</DialogDescription>
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
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-priority`}>Priority</Label>
              <NativeSelect id={`${id}-priority`} {...form.register('priority')}>
                <option value="low">Low</option>
                <option value="medium">Medium</option>
                <option value="high">High</option>
              </NativeSelect>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-due`}>Due date (optional)</Label>
              <Input id={`${id}-due`} type="date" {...form.register('dueDate')} />
            </div>
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
