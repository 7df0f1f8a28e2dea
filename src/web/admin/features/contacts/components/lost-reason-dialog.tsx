import * as React from 'react';
import { type LostReason, lostReasonLabels, lostReasons } from '@/shared/contacts';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';

/**
 * 'Why was the deal lost?' (decision 063): one of the reasons, and for 'Other' the owner's words;
 * Mark lost hands them to `onConfirm`, Cancel (or Escape) leaves the status as it was. Used by the
 * contact detail's status selector.
 */
export function LostReasonDialog({
  open,
  name,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** The contact's name, for the description. */
  name: string;
  onCancel: () => void;
  onConfirm: (reason: { lostReason: LostReason; lostReasonText?: string }) => void;
}) {
  const id = React.useId();
  const [reason, setReason] = React.useState<LostReason | null>(null);
  const [text, setText] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (open) {
      setReason(null);
      setText('');
      setError(null);
    }
  }, [open]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return setError('Choose why the deal was lost.');
    if (reason === 'other' && !text.trim()) return setError('Say why the deal was lost.');
    onConfirm(
      reason === 'other' ? { lostReason: reason, lostReasonText: text.trim() } : { lostReason: reason },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Why was the deal lost?</DialogTitle>
          <DialogDescription dir="auto">{`${name} moves to Lost.`}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Lost reason">
          <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
            <legend className="mb-1 text-sm font-medium">Reason</legend>
            {lostReasons.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => {
                    setReason(value);
                    setError(null);
                  }}
                  className="size-4 accent-[var(--color-brand-cyan,#06b6d4)]"
                />
                {lostReasonLabels[value]}
              </label>
            ))}
          </fieldset>
          {reason === 'other' ? (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-text`}>What happened?</Label>
              <Input
                id={`${id}-text`}
                dir="auto"
                maxLength={500}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
              />
            </div>
          ) : null}
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Mark lost</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A lost deal's reason in words: 'Chose another agency', or the owner's own for 'Other'. */
export function lostReasonText(reason: LostReason | null, text: string | null): string {
  if (!reason) return '';
  return reason === 'other' && text ? `Other: ${text}` : lostReasonLabels[reason];
}
