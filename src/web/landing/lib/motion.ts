/**
 * Motion preferences of the landing (docs/product.md §3.4: animations pause when the user prefers reduced
 * motion or the tab is hidden). Browser-only helpers: call them from effects and handlers.
 */

/** True when the visitor asked the system for reduced motion. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** True when looping animations should stand still: reduced motion, or the tab is hidden. */
export function motionPaused(): boolean {
  return prefersReducedMotion() || document.visibilityState === 'hidden';
}

/**
 * Calls `listener` whenever {@link motionPaused} may have changed (reduced-motion setting or tab
 * visibility). @returns the unsubscribe function.
 */
export function onMotionChange(listener: () => void): () => void {
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  query.addEventListener('change', listener);
  document.addEventListener('visibilitychange', listener);
  return () => {
    query.removeEventListener('change', listener);
    document.removeEventListener('visibilitychange', listener);
  };
}

/** The mobile layout's media query (docs/product.md §14.1: mobile breakpoint 768 px). */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** True when the mobile layout (three swiped pages) is the one on screen. */
export function isMobileLayout(): boolean {
  return window.matchMedia(MOBILE_QUERY).matches;
}
