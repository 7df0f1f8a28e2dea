import * as React from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { DialogFormFooter, FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';

/** The dialog that names a passkey: when it is added, and when it is renamed (at most 60 characters). */
export function PasskeyNameDialog({
  open,
  onOpenChange,
  title,
  description,
  initial,
  submitLabel,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  initial: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (name: string) => void;
}) {
  const id = React.useId();
  const [name, setName] = React.useState(initial);
  const [error, setError] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (open) {
      setName(initial);
      setError(null);
    }
  }, [open, initial]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = name.trim();
            if (!trimmed) return setError('Name is required.');
            if (trimmed.length > 60) return setError('Name must be at most 60 characters.');
            onSubmit(trimmed);
          }}
        >
          <FormField id={`${id}-name`} label="Name" error={error ?? undefined}>
            {(control) => (
              <Input
                {...control}
                autoFocus
                maxLength={60}
                placeholder="e.g. MacBook Touch ID"
                value={name}
                onChange={(event) => {
                  setName(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <DialogFormFooter submitLabel={submitLabel} pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
