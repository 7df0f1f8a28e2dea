import { Check, Copy } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';
import { cn } from '@/web/lib/utils';

/** How long the checkmark replaces the copy icon (docs/product.md §14.1: 2 s). */
export const COPIED_ICON_MS = 2000;

/**
 * Copies `value` to the clipboard (docs/product.md §9.1): the icon turns into a checkmark for
 * {@link COPIED_ICON_MS} and the toast 'Copied' shows; a refused clipboard toasts an error.
 * The accessible name is `Copy <label>` (e.g. 'Copy email') and stays the same while checked;
 * `data-copied` tells the two states apart.
 */
export function CopyButton({
  value,
  label,
  className,
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const [copied, setCopied] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Could not copy to the clipboard.' });
      return;
    }
    setCopied(true);
    toast({ title: 'Copied' });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_ICON_MS);
  }

  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('size-8 shrink-0 text-muted-foreground hover:text-foreground', className)}
      aria-label={`Copy ${label}`}
      data-copied={copied ? 'true' : undefined}
      onClick={handleCopy}
    >
      {copied ? (
        <Check className="text-emerald-400" aria-hidden="true" data-testid="copied-icon" />
      ) : (
        <Copy aria-hidden="true" />
      )}
    </Button>
  );
}
