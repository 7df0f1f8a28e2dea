/**
 * The bouncing-logo overlay (docs/product.md §3.4, §14.1: 15 % of the smaller screen
 * side): it drifts on the compositor (two Web Animations, decision 028), stays inside the window,
 * turns at the edges, and stands still when the user prefers reduced motion. Real clock: the
 * browser's animation timeline is not Playwright's fake clock.
 */

import { gotoLanding } from './support/helpers';
import { expect, type Page, test } from './support/test';

/** The logo's box, sampled every `everyMs` for `count` samples. */
async function samples(page: Page, count: number, everyMs: number) {
  // The overlay is in the ambient layer's chunk, loaded after hydration.
  await expect(page.getByTestId('bouncing-logo')).toBeAttached();
  return page.evaluate(
    async ({ count, everyMs }) => {
      const logo = document.querySelector<HTMLElement>('[data-testid="bouncing-logo"]')!;
      const out: { x: number; y: number; size: number; w: number; h: number }[] = [];
      for (let i = 0; i < count; i++) {
        const box = logo.getBoundingClientRect();
        out.push({ x: box.left, y: box.top, size: box.width, w: window.innerWidth, h: window.innerHeight });
        await new Promise((r) => setTimeout(r, everyMs));
      }
      return out;
    },
    { count, everyMs },
  );
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the logo drifts inside the window and turns at its edges (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await gotoLanding(page);
    // A narrow window so that 70 px/s reaches an edge within the test: the logo restarts from
    // where it is when the window changes.
    await page.setViewportSize({ width: 300, height: 300 });
    const points = await samples(page, 50, 100);
    const size = 300 * 0.15; // 15 % of the smaller side of the 300 × 300 window
    for (const p of points) {
      expect(Math.abs(p.size - size)).toBeLessThan(1.5);
      expect(p.x).toBeGreaterThanOrEqual(-0.5);
      expect(p.y).toBeGreaterThanOrEqual(-0.5);
      expect(p.x + p.size).toBeLessThanOrEqual(p.w + 0.5);
      expect(p.y + p.size).toBeLessThanOrEqual(p.h + 0.5);
    }
    const xs = points.map((p) => p.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(100); // it moves (about 70 px/s)
    // Over 5 s in a 255 px wide track at 70 px/s, x changes direction at least once.
    const steps = xs
      .slice(1)
      .map((x, i) => Math.sign(x - xs[i]!))
      .filter((s) => s !== 0);
    expect(steps.some((s, i) => i > 0 && s !== steps[i - 1])).toBe(true);
  });
}

test('the logo stands still when the user prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await gotoLanding(page);
  const points = await samples(page, 10, 100);
  expect(new Set(points.map((p) => `${p.x},${p.y}`)).size).toBe(1);
});
