import type * as React from 'react';
import { cn } from '@/web/lib/utils';

/**
 * A native checkbox styled like the other fields. Native on purpose: it submits with the form,
 * works before hydration and adds no script to the landing bundle.
 */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        'peer size-4 shrink-0 cursor-pointer rounded border border-input bg-white/5 accent-brand-cyan outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
