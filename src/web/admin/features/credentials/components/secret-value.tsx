import { Eye, EyeOff } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/utils';

/** What a hidden password shows: always the same length, so the mask does not leak the length. */
export const PASSWORD_MASK = '••••••••';

/**
 * A password shown masked ('••••••••') unless `revealed`. Screen readers hear 'hidden' rather
 * than a row of bullets.
 */
export function SecretValue({
  value,
  revealed,
  id,
  className,
}: {
  value: string;
  revealed: boolean;
  id?: string;
  className?: string;
}) {
  return (
    <span id={id} className={cn('min-w-0 break-all font-mono text-sm', className)}>
      {revealed ? (
        value
      ) : (
        <>
          <span aria-hidden="true" className="tracking-widest">
            {PASSWORD_MASK}
          </span>
          <span className="sr-only">hidden</span>
        </>
      )}
    </span>
  );
}

/** The eye toggle next to a password: 'Show password' / 'Hide password'. */
export function RevealToggle({
  revealed,
  onToggle,
  controls,
}: {
  revealed: boolean;
  onToggle: () => void;
  /** Id of the element whose text it reveals. */
  controls?: string;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-8 shrink-0 text-muted-foreground hover:text-foreground"
      aria-label={revealed ? 'Hide password' : 'Show password'}
      aria-controls={controls}
      onClick={onToggle}
    >
      {revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
    </Button>
  );
}

/**
 * A password field with its {@link RevealToggle}: typed as `password` until revealed. The
 * remaining props go to the input (its `id` is what the toggle controls).
 */
export function PasswordInput({
  revealed,
  onToggle,
  ...props
}: Omit<React.ComponentProps<'input'>, 'type'> & { revealed: boolean; onToggle: () => void }) {
  return (
    <div className="flex items-center gap-1">
      <Input {...props} type={revealed ? 'text' : 'password'} autoComplete="off" />
      <RevealToggle revealed={revealed} onToggle={onToggle} controls={props.id} />
    </div>
  );
}
