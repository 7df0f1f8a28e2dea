import * as React from 'react';

/**
 * Calls `onVisible` whenever the returned ref's element scrolls into view (IntersectionObserver),
 * e.g. a sentinel at the end of a list that loads the next page. `rootMargin` starts a little
 * before the element is actually on screen. Nothing happens while `enabled` is false.
 * @returns A callback ref for the watched element.
 */
export function useOnVisible(
  onVisible: () => void,
  { enabled = true, rootMargin = '400px 0px' }: { enabled?: boolean; rootMargin?: string } = {},
) {
  const callback = React.useRef(onVisible);
  callback.current = onVisible;
  const [element, setElement] = React.useState<Element | null>(null);

  React.useEffect(() => {
    if (!element || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, enabled, rootMargin]);

  return setElement;
}
