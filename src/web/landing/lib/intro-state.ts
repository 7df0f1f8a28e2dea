/**
 * Whether the intro splash has finished, as a tiny external store. The floating cloud reads it
 * with `useSyncExternalStore`, so the change re-renders only the cloud and never passes through
 * the layouts' (possibly still dehydrated) Suspense boundaries.
 */
let complete = false;
const listeners = new Set<() => void>();

/** Marks the intro as finished (docs/product.md §3.2: the cloud appears 300 ms later). */
export function completeIntro(): void {
  if (complete) return;
  complete = true;
  for (const listener of listeners) listener();
}

/** Current value, for `useSyncExternalStore`. */
export function isIntroComplete(): boolean {
  return complete;
}

/** Subscribes to the change, for `useSyncExternalStore`. */
export function subscribeIntro(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
