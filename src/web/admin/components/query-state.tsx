import { getApiErrorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/utils';

/** 'Loading...' inside a screen or card while its data is on the way (docs/product.md §2.2). */
export function InlineLoading({ className }: { className?: string }) {
  return (
    <p role="status" className={cn('py-6 text-center text-sm text-muted-foreground', className)}>
      Loading...
    </p>
  );
}

/** A failed read, with the server's message when there is one. */
export function InlineError({
  error,
  fallback,
  className,
}: {
  error: unknown;
  fallback: string;
  className?: string;
}) {
  return (
    <p role="alert" className={cn('py-6 text-center text-sm text-red-300', className)}>
      {getApiErrorMessage(error) ?? fallback}
    </p>
  );
}
