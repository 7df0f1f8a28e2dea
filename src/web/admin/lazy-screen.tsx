import * as React from 'react';

/** A screen component loaded on first render, with `preload()` to start the download earlier. */
export type LazyScreen = React.LazyExoticComponent<React.ComponentType> & { preload: () => Promise<unknown> };

let screenShown = false;
const firstScreenListeners = new Set<() => void>();

/**
 * Calls `listener` once the first lazy screen has been committed to the page (at once if one
 * already was). Work that no screen needs up front (the toaster's code) waits for this, so it
 * does not compete with the screen's own chunks. @returns the unsubscribe function.
 */
export function onFirstScreen(listener: () => void): () => void {
  if (screenShown) {
    listener();
    return () => {};
  }
  firstScreenListeners.add(listener);
  return () => firstScreenListeners.delete(listener);
}

/** Rendered after every lazy screen: announces the first one to {@link onFirstScreen}. */
function ScreenShown() {
  React.useEffect(() => {
    if (screenShown) return;
    screenShown = true;
    for (const listener of firstScreenListeners) listener();
    firstScreenListeners.clear();
  }, []);
  return null;
}

/**
 * Wraps one admin screen module in `React.lazy` (decision 028: each screen is its own
 * chunk, so the login screen and the first signed-in screen download only their own code).
 * `load` is an `import()` of the module and `name` the export to render. The import runs once:
 * `preload()` and the first render share it.
 */
export function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, React.ComponentType>>,
  name: Name,
): LazyScreen {
  let loading: Promise<Record<Name, React.ComponentType>> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(
    React.lazy(() =>
      preload().then((module) => {
        const Screen: React.ComponentType = module[name];
        return {
          default: () => (
            <>
              <Screen />
              <ScreenShown />
            </>
          ),
        };
      }),
    ),
    { preload },
  );
}
