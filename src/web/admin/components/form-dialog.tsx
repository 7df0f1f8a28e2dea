import type * as React from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';

/**
 * The frame of the admin's dialogs that hold a form (Add Client, Add Task, Create Campaign…):
 * `trigger` opens it, the title names it for assistive technology, `description` says what it
 * does, `children` is the form. Open state is the caller's (see `useDialogForm`).
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Classes of the dialog box, e.g. a wider `sm:max-w-2xl`. */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
