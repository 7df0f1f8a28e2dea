import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@/web/lib/utils';

/** Class recipe of {@link Badge}. Colour variants follow the contact statuses (docs/product.md §6.1). */
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium [&>svg]:pointer-events-none [&>svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'border-border text-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        blue: 'border-blue-400/30 bg-blue-500/15 text-blue-200',
        yellow: 'border-yellow-400/30 bg-yellow-500/15 text-yellow-200',
        green: 'border-emerald-400/30 bg-emerald-500/15 text-emerald-200',
        purple: 'border-purple-400/30 bg-purple-500/15 text-purple-200',
        grey: 'border-zinc-400/30 bg-zinc-500/15 text-zinc-200',
        cyan: 'border-cyan-300/30 bg-cyan-400/15 text-cyan-100',
        magenta: 'border-fuchsia-300/30 bg-fuchsia-500/15 text-fuchsia-100',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** A small status or category label. */
export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
