import { Sparkles } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/** The brand's logo mark (gradient tile) followed by its name. */
export function BrandMark({ name, className }: { name: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 font-semibold tracking-tight', className)}>
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-lg bg-linear-to-br from-brand-cyan via-brand-blue to-brand-magenta shadow-lg shadow-brand-blue/30"
      >
        <Sparkles className="size-4 text-white" />
      </span>
      <span>{name}</span>
    </span>
  );
}
