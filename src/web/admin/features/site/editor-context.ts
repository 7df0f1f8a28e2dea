import * as React from 'react';

/**
 * What every field of the 'Site' editor reads besides its own value (decision 069): the one
 * change function (stable for the editor's life, so memoised fields skip unchanged parts) and
 * the current problems by dotted path (`testimonials.2.name` → 'Required.'), the browser's own
 * schema check merged with a refused save's `details.fieldErrors`.
 */
export const ChangeContext = React.createContext<(path: string, value: unknown) => void>(() => {});
export const ErrorsContext = React.createContext<ReadonlyMap<string, string>>(new Map());

/** The problem at `path` itself. */
export const useFieldError = (path: string) => React.useContext(ErrorsContext).get(path);

/** How many problems lie at or under `path`. */
export function useErrorCount(path: string): number {
  const errors = React.useContext(ErrorsContext);
  let count = 0;
  for (const key of errors.keys()) if (key === path || key.startsWith(`${path}.`)) count += 1;
  return count;
}

/** The id of the control at `path`: `field-testimonials-2-name`. */
export const fieldId = (path: string) => `field-${path.replaceAll('.', '-')}`;
