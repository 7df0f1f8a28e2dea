import type * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { DialogClose } from '@/web/components/ui/dialog';
import { FieldError } from '@/web/components/ui/field-error';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/utils';

/** The props that tie a control to its label and error text (pass them to the input). */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * One labelled form field with its error line (shadcn/ui's `FormItem` without the form context):
 * `children` receives the control's `id`, `aria-invalid` and `aria-describedby`, so assistive
 * technology reads the error with the field.
 */
export function FormField({
  id,
  label,
  error,
  className,
  children,
}: {
  /** The control's id; the error line gets `${id}-error`. */
  id: string;
  label: React.ReactNode;
  /** The validation message, if any. */
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/**
 * The footer of a dialog's form: Cancel (closes the dialog) and the submit button. `sticky` keeps
 * it at the bottom of a dialog taller than the screen while the fields scroll under it (the
 * dialog's box scrolls, DialogContent), so the main button is always in view.
 */
export function DialogFormFooter({
  submitLabel,
  pending = false,
  submitDisabled = false,
  sticky = false,
}: {
  submitLabel: React.ReactNode;
  /** While the request runs the submit button is disabled. */
  pending?: boolean;
  submitDisabled?: boolean;
  sticky?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
        // -mb-6/pb-6 and -bottom-6 fill the dialog's bottom padding: Chrome sticks the box inside the
        // scroller's padding, which would leave a strip of scrolled content visible below the buttons.
        sticky && 'sticky -bottom-6 z-10 -mx-6 -mb-6 border-t bg-popover px-6 pt-3 pb-6',
      )}
    >
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending || submitDisabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
