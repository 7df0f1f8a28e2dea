import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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

/**
 * A card's list from a query: 'Loading...' while it loads, its error, `empty` when `items` of
 * the answer is empty, else one `<li>` per item (keyed by `id`) drawn by `children`.
 */
export function QueryList<D, T extends { id: number | string }>({
  query,
  items,
  empty,
  fallback,
  className = 'grid gap-1',
  children,
}: {
  query: UseQueryResult<D>;
  items: (data: D) => T[];
  empty: string;
  /** The error text when the server gave none. */
  fallback: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <InlineLoading />;
  if (query.isError) return <InlineError error={query.error} fallback={fallback} />;
  const list = items(query.data);
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className={className}>
      {list.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** A row of a card's list that opens a page: its content, then a chevron that nudges on hover. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-3 rounded-xl px-3 py-2.5 outline-none transition hover:bg-white/5 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {children}
      <ChevronRight
        className="size-4 shrink-0 text-muted-foreground transition group-hover:translate-x-0.5"
        aria-hidden="true"
      />
    </Link>
  );
}
