/**
 * Layout checks for screens filled with hostile content (decision 017): no sideways scroll,
 * nothing sticking out of the viewport or clipped by its box, and the named controls visible,
 * inside the viewport and on top where a click would land.
 */

import { expectNoHorizontalScroll } from './admin';
import { expect, type Locator, type Page } from './test';

/**
 * Asserts that no visible element on the page reaches past the viewport's left or right edge,
 * and that no element whose overflow is not `visible` holds content wider than its box (text
 * cut off by `truncate`, a table scrolling inside its wrapper, a clipped column) unless the element
 * shows its whole text as its `title`. Form fields
 * scroll their own value by design and are skipped, as are visually hidden (`sr-only`) labels
 * and the insides of the sandboxed email previews (the admin's own email, not the product's UI).
 * Failures list the offending elements (tag, classes, a bit of text) so the cause is readable.
 */
export async function expectNothingClipped(page: Page): Promise<void> {
  const problems = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const label = (el: Element) =>
      `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">${(el.textContent ?? '')
        .trim()
        .slice(0, 40)}`;
    // A clipped text is allowed only where its element carries the whole text as a tooltip
    // (the fixed-height rows of the virtualised recipient checklist).
    const titled = (el: Element) =>
      el.getAttribute('title')?.trim() === el.textContent?.trim().replace(/\s+/g, ' ');
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('input, textarea, select, svg, .sr-only')) continue;
      const tip = el.parentElement?.closest('[title]');
      if (tip && titled(tip)) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      if (rect.right > width + 1 || rect.left < -1) {
        out.push(
          `sticks out (${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}): ${label(el)}`,
        );
      }
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1 && !titled(el)) {
        out.push(`clipped (${el.scrollWidth} in ${el.clientWidth}): ${label(el)}`);
      }
    }
    return out;
  });
  expect(problems, 'elements sticking out or clipped').toEqual([]);
  await expectNoHorizontalScroll(page);
}

/**
 * Asserts that an element is visible and lies inside the viewport horizontally once scrolled into
 * view; for a control (link, button, field), also that clicks across its whole area reach it
 * (nothing, e.g. a toast, covers any part of it).
 */
export async function expectReachable(control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  expect(box, 'bounding box').not.toBeNull();
  const width = await control.page().evaluate(() => document.documentElement.clientWidth);
  expect(box!.x, 'left edge').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right edge').toBeLessThanOrEqual(width + 0.5);
  const covered = await control.evaluate((el) => {
    // Plain text may lie under a card-wide link (the contact card's whole-card hit area).
    if (!el.matches('a, button, input, select, textarea, [role="button"], [role="checkbox"]')) return [];
    // A 3 × 3 grid of points (inset a fifth, inside rounded corners): a toast over one part of a
    // button counts as covering it.
    const r = el.getBoundingClientRect();
    const xs = [r.left + r.width * 0.2, r.left + r.width / 2, r.right - r.width * 0.2];
    const ys = [r.top + r.height * 0.2, r.top + r.height / 2, r.bottom - r.height * 0.2];
    const out: string[] = [];
    for (const x of xs) {
      for (const y of ys) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === el || el.contains(hit))) {
          out.push(`(${Math.round(x)}, ${Math.round(y)}) → ${hit ? hit.tagName.toLowerCase() : 'nothing'}`);
        }
      }
    }
    return out;
  });
  expect(covered, 'points of the control covered by another element').toEqual([]);
}

/** {@link expectReachable} for each control. */
export async function expectAllReachable(controls: Locator[]): Promise<void> {
  for (const control of controls) await expectReachable(control);
}
