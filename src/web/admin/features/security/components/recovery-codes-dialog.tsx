import { Check, Copy } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { toast } from '@/web/hooks/use-toast';

/**
 * The recovery codes, shown once: a numbered list, 'Copy codes', and 'I have saved
 * them' to close. Closing forgets them: the server keeps only hashes.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const [copied, setCopied] = React.useState(false);
  return (
    <Dialog open={codes.length > 0} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your recovery codes</DialogTitle>
          <DialogDescription>
            Each code signs in once if you lose your passkey or phone. Keep them somewhere safe: they are not
            shown again.
          </DialogDescription>
        </DialogHeader>
        <ol
          aria-label="Recovery codes"
          className="grid grid-cols-1 gap-2 rounded-xl border border-white/10 bg-white/5 p-4 font-mono text-base min-[360px]:grid-cols-2"
        >
          {codes.map((code) => (
            <li key={code} className="text-center tracking-wider">
              {code}
            </li>
          ))}
        </ol>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(codes.join('\n'));
                setCopied(true);
              } catch {
                toast({
                  variant: 'destructive',
                  title: 'Error',
                  description: 'Copying is not allowed here.',
                });
              }
            }}
          >
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy codes'}
          </Button>
          <Button type="button" onClick={onClose}>
            I have saved them
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A dialog asking for a passkey's name; `onSubmit` runs with the trimmed name. */
