import * as React from 'react';
import { Checkbox } from '@/web/components/ui/checkbox';
import { cn } from '@/web/lib/utils';

/**
 * A contact's tick box on the list (table row or card), labelled 'Select <name>'. `onToggle`
 * gets the new state and whether Shift was held (a range from the last box clicked), from a
 * click as from Space: the keyboard's click does not always carry the modifier, so Shift is read
 * from the key press too.
 */
export function SelectContactCheckbox({
  name,
  checked,
  onToggle,
  className,
}: {
  name: string;
  checked: boolean;
  onToggle: (on: boolean, range: boolean) => void;
  className?: string;
}) {
  const shiftSpace = React.useRef(false);
  return (
    <Checkbox
      aria-label={`Select ${name}`}
      checked={checked}
      className={cn('size-4.5', className)}
      onKeyDown={(event) => {
        if (event.key === ' ') shiftSpace.current = event.shiftKey;
      }}
      onMouseDown={(event) => {
        // Shift+click would otherwise also select the text between the two rows.
        if (event.shiftKey) event.preventDefault();
      }}
      onClick={(event) => {
        const range = event.shiftKey || shiftSpace.current;
        shiftSpace.current = false;
        onToggle(!checked, range);
      }}
      // The click above is the one handler (it carries Shift); React wants one for `checked`.
      onChange={() => undefined}
    />
  );
}
