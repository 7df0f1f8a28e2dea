import * as React from 'react';
import { onFirstScreen } from '../lazy-screen';

type ToasterComponent = typeof import('@/web/components/ui/toaster').Toaster;

/** Latest moment the toaster's code is fetched when the browser never idles (ms). */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Mounts the admin's `<Toaster />` (Radix Toast, ~7 KB brotli) once the first screen is on the
 * page and the browser is idle, so its code is not part of the JS a screen waits for (decision
 * 028). A `toast()` fired earlier stays in the toast store and shows when it mounts.
 */
export function DeferredToaster() {
  const [Toaster, setToaster] = React.useState<ToasterComponent | null>(null);
  React.useEffect(() => {
    let cancelled = false;
    const load = () =>
      void import('@/web/components/ui/toaster').then((module) => {
        if (!cancelled) setToaster(() => module.Toaster);
      });
    let handle: number | undefined;
    const unsubscribe = onFirstScreen(() => {
      handle = window.requestIdleCallback
        ? window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(load, 200);
    });
    return () => {
      cancelled = true;
      unsubscribe();
      if (handle === undefined) return;
      if (window.cancelIdleCallback) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
