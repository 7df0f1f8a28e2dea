import * as React from 'react';

type ToasterComponent = typeof import('@/web/components/ui/toaster').Toaster;

/**
 * Mounts the `<Toaster />` once its code has loaded after hydration. The server renders nothing
 * here, and so does the first client render, so hydration matches. A `toast()` fired before the
 * load is kept in the toast store and shown as soon as the toaster mounts.
 */
export function DeferredToaster() {
  const [Toaster, setToaster] = React.useState<ToasterComponent | null>(null);
  React.useEffect(() => {
    let cancelled = false;
    void import('@/web/components/ui/toaster').then((module) => {
      if (!cancelled) setToaster(() => module.Toaster);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
