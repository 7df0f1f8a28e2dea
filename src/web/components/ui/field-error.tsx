import type * as React from 'react';
import { cn } from '@/web/lib/utils';

/**
 * The error text under a form field (shadcn/ui's `FormMessage` without the form context). Renders
 * nothing without children. Point the field's `aria-describedby` at its `id` and set
 * `aria-invalid` on the field, so assistive technology reads the message with the field.
 */
export function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p data-slot="field-error" className={cn('text-sm text-red-300', className)} {...props}>
      {children}
    </p>
  );
}
