import type * as React from 'react';
import type { Tag } from '@/shared/tags';
import { readableTextColor } from '@/web/lib/color';
import { cn } from '@/web/lib/utils';

/**
 * A tag as a badge filled with the tag's colour (docs/product.md §6.4), its text black or white, whichever
 * reads better on that colour. `children` go after the name (e.g. a remove button).
 */
export function TagBadge({
  tag,
  className,
  children,
}: {
  tag: Pick<Tag, 'name' | 'color'>;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        className,
      )}
      style={{ backgroundColor: tag.color, color: readableTextColor(tag.color) }}
    >
      {tag.name}
      {children}
    </span>
  );
}
