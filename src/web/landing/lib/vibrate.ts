/**
 * Haptic feedback where the device supports it (docs/product.md §14.1: 10 ms on navigation, 50-100-50 ms on
 * the fifth secret tap). Only after the visitor has interacted with the page: browsers refuse
 * (and log) vibration without a user gesture.
 */
export function vibrate(pattern: number | number[]): void {
  if (typeof navigator.vibrate !== 'function') return;
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    navigator.vibrate(pattern);
  } catch {
    // Some browsers throw in restricted contexts; haptics are optional.
  }
}

/** Vibration on page navigation (docs/product.md §14.1). */
export const NAVIGATION_VIBRATION_MS = 10;
/** Vibration on the fifth secret tap (docs/product.md §14.1). */
export const SECRET_TAP_VIBRATION = [50, 100, 50];
