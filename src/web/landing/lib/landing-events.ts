/**
 * A tiny event channel between parts of the landing that do not share a parent state: the
 * contact dialog asks the mobile pager to show the projects page (docs/product.md §3.5).
 */
const GOTO_PAGE = 'landing:goto-page';

/** Detail of a page request: which page (0-based) and which element to focus once there. */
export interface GotoPageDetail {
  index: number;
  focusId?: string;
}

/** Asks the mobile pager to move to page `detail.index`. */
export function requestMobilePage(detail: GotoPageDetail): void {
  window.dispatchEvent(new CustomEvent<GotoPageDetail>(GOTO_PAGE, { detail }));
}

/** Listens for page requests. @returns the unsubscribe function. */
export function onMobilePageRequest(listener: (detail: GotoPageDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<GotoPageDetail>).detail);
  window.addEventListener(GOTO_PAGE, handler);
  return () => window.removeEventListener(GOTO_PAGE, handler);
}
