import * as React from 'react';

type ToasterComponent = typeof import('@/web/components/ui/toaster').Toaster;

let requested = false;
const requestListeners = new Set<() => void>();

/**
 * Asks for the toaster's code (Radix Toast, ~7 KB brotli). Only the contact form shows toasts,
 * so it calls this when a visitor starts on the form and again on submit: a visitor who never
 * touches the form never downloads the toaster (decision 028). Idempotent.
 */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of requestListeners) listener();
}

/**
 * Mounts the `<Toaster />` once {@link requestToaster} has been called and its code has loaded.
 * The server renders nothing here, and so does the first client render, so hydration matches. A
 * `toast()` fired before the load is kept in the toast store and shown as soon as the toaster
 * mounts.
 */
export function DeferredToaster() {
  const [Toaster, setToaster] = React.useState<ToasterComponent | null>(null);
  React.useEffect(() => {
    let cancelled = false;
    const load = () => {
      requestListeners.delete(load);
      void import('@/web/components/ui/toaster').then((module) => {
        if (!cancelled) setToaster(() => module.Toaster);
      });
    };
    if (requested) load();
    else requestListeners.add(load);
    return () => {
      cancelled = true;
      requestListeners.delete(load);
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
