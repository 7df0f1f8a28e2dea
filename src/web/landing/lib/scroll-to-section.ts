/**
 * Scrolls the page so the section with `id` sits at the top: smoothly, unless the visitor
 * prefers reduced motion (docs/product.md §3.1: animations respect that preference). Sections carry a
 * `scroll-margin-top` so the sticky header does not cover their heading.
 * @param options.focus also move keyboard focus to the section (without a second scroll).
 * @returns false when no element has that id.
 */
export function scrollToSection(id: string, options: { focus?: boolean } = {}): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  if (options.focus) {
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: true });
  }
  return true;
}
