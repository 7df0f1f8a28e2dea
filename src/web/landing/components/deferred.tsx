import * as React from 'react';

/**
 * Renders the component that `load` resolves to once the browser is idle after hydration. The
 * server and the first client render show nothing, so hydration matches and the chunk stays out
 * of the first load.
 */
export function Deferred<P extends object>({
  load,
  props,
  idleTimeoutMs = 1500,
}: {
  load: () => Promise<React.ComponentType<P>>;
  props: P;
  idleTimeoutMs?: number;
}) {
  const [Component, setComponent] = React.useState<React.ComponentType<P> | null>(null);
  React.useEffect(() => {
    let cancelled = false;
    const start = () =>
      void load().then((loaded) => {
        if (!cancelled) setComponent(() => loaded);
      });
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: idleTimeoutMs });
      return () => {
        cancelled = true;
        window.cancelIdleCallback(handle);
      };
    }
    const timer = setTimeout(start, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [load, idleTimeoutMs]);
  return Component ? <Component {...props} /> : null;
}
