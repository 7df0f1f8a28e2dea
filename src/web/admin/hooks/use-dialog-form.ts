import { zodResolver } from '@hookform/resolvers/zod';
import * as React from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The state of a form inside a dialog (react-hook-form + `zodResolver` with a shared schema):
 * whether the dialog is open, and an `onOpenChange` that empties the form whenever it closes,
 * so a cancelled or finished form never reopens with old values. `onClose` runs on close too
 * (for state kept outside the form, e.g. a recipient checklist).
 */
export function useDialogForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  empty: z.input<Schema>,
  onClose?: () => void,
) {
  const [open, setOpen] = React.useState(false);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<z.input<Schema>>,
  });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(empty);
      onClose?.();
    }
  };
  return { open, onOpenChange, form, errors: form.formState.errors };
}
