import * as ToastPrimitives from '@radix-ui/react-toast';
import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/web/lib/utils';

/** Toast timings from docs/product.md §14.1: shown 5000 ms, swipe right past 50 px to dismiss. */
export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/** Wraps the app part that shows toasts (Radix Toast provider with the spec's timings). */
export function ToastProvider(props: React.ComponentProps<typeof ToastPrimitives.Provider>) {
  return (
    <ToastPrimitives.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      {...props}
    />
  );
}

/**
 * The fixed area where toasts appear: top on phones, bottom right and at most 420 px wide on wider
 * screens (docs/product.md §14.1). While a modal dialog is open it moves to the top left on wider screens,
 * where a dialog has only its title (its buttons sit at the bottom, right-aligned, and its close button
 * top right), so a toast never covers a dialog's action (decision 017). On phones the top is
 * already clear of the dialog's buttons, which sit at its bottom.
 */
export function ToastViewport({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      className={cn(
        'fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px] sm:dialog-open:top-0 sm:dialog-open:right-auto sm:dialog-open:bottom-auto sm:dialog-open:left-0 sm:dialog-open:flex-col-reverse',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-xl border p-5 pr-8 shadow-2xl shadow-black/40 transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in data-[swipe=end]:animate-toast-out',
  {
    variants: {
      variant: {
        default: 'border-brand-cyan/30 bg-popover/95 text-popover-foreground',
        destructive: 'destructive border-red-400/40 bg-red-950/95 text-red-50',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** Props of one {@link Toast}. */
export type ToastProps = React.ComponentProps<typeof ToastPrimitives.Root> &
  VariantProps<typeof toastVariants>;

/** One toast notification (Radix Toast root) in the default or destructive style. */
export function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitives.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

/** A button inside a toast that runs an action. */
export function ToastAction({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center rounded-md border bg-transparent px-3 text-sm font-medium transition-colors hover:bg-white/10 focus:outline-none focus:ring-2 focus:ring-ring disabled:pointer-events-none disabled:opacity-50 group-[.destructive]:border-red-300/40 group-[.destructive]:hover:bg-red-500/30',
        className,
      )}
      {...props}
    />
  );
}

/** The toast's close (×) button. */
export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      className={cn(
        'absolute top-2 right-2 cursor-pointer rounded-md p-1 text-foreground/60 opacity-0 transition-opacity hover:text-foreground focus:opacity-100 focus:outline-none focus:ring-2 focus:ring-ring group-hover:opacity-100 group-[.destructive]:text-red-200 group-[.destructive]:hover:text-red-50',
        className,
      )}
      toast-close=""
      aria-label="Close"
      {...props}
    >
      <XIcon className="size-4" aria-hidden="true" />
    </ToastPrimitives.Close>
  );
}

/** The toast's title. */
export function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

/** The toast's description. */
export function ToastDescription({
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

/** An element rendered in a toast's action slot. */
export type ToastActionElement = React.ReactElement<typeof ToastAction>;
