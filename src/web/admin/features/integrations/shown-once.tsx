import { Copy } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/hooks/use-toast';

/**
 * A secret shown this once (an API token, a webhook's signing secret), with Copy: the server
 * keeps only a hash or a sealed copy, so it cannot be shown again.
 */
export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-brand-cyan/40 bg-brand-cyan/10 p-3">
      <p className="text-sm font-medium">{label}: copy it now, it is shown only once.</p>
      <code className="block rounded-md bg-black/40 p-2 font-mono text-xs break-all">{value}</code>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(value)
              .then(() => toast({ title: 'Copied' }))
              .catch(() => toast({ title: 'Select the text to copy it' }))
          }
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
