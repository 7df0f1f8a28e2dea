import { Pencil, Plus } from 'lucide-react';
import { type ContactTask, contactTaskCreateSchema } from '@/shared/tasks';
import { Button } from '@/web/components/ui/button';
import { TaskDialog } from '../../../components/task-dialog';
import { useCreateContactTask } from '../api/create-contact-task';
import { useEditContactTask } from '../api/edit-contact-task';

/**
 * 'Add Task' on the contact detail (docs/product.md §6.5: title required, 'Task title is required';
 * optional description, priority default medium, optional due date), or with `task` its 'Edit
 * Task' (a pencil on the task), the same dialog filled with the task's values.
 */
export function ContactTaskDialog({ contactId, task }: { contactId: number; task?: ContactTask }) {
  const create = useCreateContactTask();
  const edit = useEditContactTask();
  return (
    <TaskDialog
      task={task}
      titleRule={contactTaskCreateSchema.shape.title}
      withPriority
      description={task ? 'Change this follow-up.' : 'A follow-up for this contact.'}
      save={(values) =>
        task ? edit.mutateAsync({ task, edit: values }) : create.mutateAsync({ ...values, contactId })
      }
      trigger={
        task ? (
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0 text-muted-foreground"
            aria-label={`Edit task: ${task.title}`}
          >
            <Pencil aria-hidden="true" />
          </Button>
        ) : (
          <Button size="sm">
            <Plus aria-hidden="true" />
            Add Task
          </Button>
        )
      }
    />
  );
}
