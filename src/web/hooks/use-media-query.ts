import * as React from 'react';

/**
 * Whether the CSS media query `query` matches now (e.g. `'(min-width: 1024px)'`), kept current as
 * the window resizes. Renders `false` where there is no window (the admin is client-rendered, so
 * only tests without a DOM see that).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return React.useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
