import { Pencil, Plus } from 'lucide-react';
import { type Client, type ClientTask, clientTaskCreateSchema } from '@/shared/clients';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { TaskDialog } from '../../../components/task-dialog';
import { useCreateClientTask } from '../api/create-client-task';
import { useEditClientTask } from '../api/edit-client-task';

/**
 * 'Add Task' on a client card (docs/product.md §7.1, §7.2: title required, toast 'Missing information'
 * / 'Please enter a task title.'; optional description and due date), or with `task` its 'Edit
 * Task' (a pencil on the task), the same dialog filled with the task's values. Client tasks have
 * no priority.
 */
export function ClientTaskDialog({
  client,
  task,
}: {
  client: Pick<Client, 'id' | 'name'>;
  task?: ClientTask;
}) {
  const create = useCreateClientTask();
  const edit = useEditClientTask();
  return (
    <TaskDialog
      task={task}
      titleRule={clientTaskCreateSchema.shape.title}
      withPriority={false}
      description={<>A follow-up task for {client.name}.</>}
      save={({ priority: _clientTasksHaveNone, ...values }) =>
        task
          ? edit.mutateAsync({ task, edit: values })
          : create.mutateAsync({ clientId: client.id, task: values })
      }
      onInvalidTitle={() =>
        toast({
          variant: 'destructive',
          title: 'Missing information',
          description: 'Please enter a task title.',
        })
      }
      trigger={
        task ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-muted-foreground"
            aria-label={`Edit task ${task.title}`}
          >
            <Pencil aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="outline" size="sm" aria-label={`Add Task for ${client.name}`}>
            <Plus aria-hidden="true" />
            Add Task
          </Button>
        )
      }
    />
  );
}
