/** Swipes are ignored for this long (ms) after a programmatic page change (docs/product.md §14.1). */
export const SCROLL_LOCK_MS = 500;
