import { AlertTriangle, CalendarClock } from 'lucide-react';
import type { ContactTask, TaskPriority } from '@/shared/tasks';
import { Badge } from '@/web/components/ui/badge';
import { formatDate } from '@/web/lib/format-date';
import { cn } from '@/web/lib/utils';

const priorityVariants = { low: 'grey', medium: 'yellow', high: 'magenta' } as const;
const priorityLabels: Record<TaskPriority, string> = {
  low: 'Low priority',
  medium: 'Medium priority',
  high: 'High priority',
};

/** A follow-up task's priority as a badge (docs/product.md §6.5: low, medium, high). */
export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  return <Badge variant={priorityVariants[priority]}>{priorityLabels[priority]}</Badge>;
}

/** A follow-up task's status as a badge (docs/product.md §6.5: pending, completed). */
export function TaskStatusBadge({ status }: { status: ContactTask['status'] }) {
  return (
    <Badge variant={status === 'completed' ? 'green' : 'blue'} className="capitalize">
      {status}
    </Badge>
  );
}

/** True when a task is still pending past its due time (docs/product.md §6.5: overdue tasks stand out). */
export function isOverdue(task: Pick<ContactTask, 'status' | 'dueAt'>, now = Date.now()): boolean {
  return task.status === 'pending' && task.dueAt !== null && Date.parse(task.dueAt) < now;
}

/** 'Overdue' in red with a warning icon (docs/product.md §6.5: overdue tasks stand out). */
export function OverdueBadge() {
  return (
    <Badge variant="destructive">
      <AlertTriangle aria-hidden="true" />
      Overdue
    </Badge>
  );
}

/** 'Due <date>' with a calendar icon; `dueAt` is an ISO timestamp. */
export function DueDate({ dueAt, className }: { dueAt: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <CalendarClock className="size-3.5" aria-hidden="true" />
      Due <time dateTime={dueAt}>{formatDate(dueAt)}</time>
    </span>
  );
}
