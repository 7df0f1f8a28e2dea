import type * as React from 'react';
import { cn } from '@/web/lib/utils';

/** A surface that groups related content. */
export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn(
        'flex flex-col gap-6 rounded-2xl border bg-card/90 py-6 text-card-foreground shadow-xl shadow-black/20',
        className,
      )}
      {...props}
    />
  );
}

/** The top area of a {@link Card}: title and description. */
export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-1.5 px-6', className)} {...props} />;
}

/** The card's heading; renders an `h3` unless another element is given via `as`. */
export function CardTitle({
  className,
  as: Comp = 'h3',
  ...props
}: React.ComponentProps<'h3'> & { as?: 'h1' | 'h2' | 'h3' | 'h4' }) {
  return <Comp data-slot="card-title" className={cn('font-semibold leading-tight', className)} {...props} />;
}

/** Secondary text under a {@link CardTitle}. */
export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

/** The main area of a {@link Card}. */
export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('px-6', className)} {...props} />;
}

/** The bottom area of a {@link Card}, usually actions. */
export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center px-6', className)} {...props} />;
}
