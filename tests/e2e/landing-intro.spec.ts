/**
 * The desktop intro splash always ends (docs/product.md §3.2, §14.1): at 4.5 s on every fresh load
 * with the page's real clock, and at once when the visitor scrolls (wheel, trackpad, touch).
 */

import { gotoLanding, installPausedClock } from './support/helpers';
import { type Browser, type BrowserContext, expect, type Page, test } from './support/test';

const VIEWPORT = { width: 1280, height: 800 };
const COMPLETE_MS = 4500;
/** Rounds of two loads at the most (see the real-clock test). */
const MAX_ROUNDS = 5;

declare global {
  interface Window {
    /** performance.now() when the splash first carried a phase set by the script. */
    __splashScripted?: number;
    /** performance.now() when the splash left the page. */
    __splashEnded?: number;
  }
}

/** Records, from the first byte of the page, when the script took the splash over and when it left. */
function watchSplash() {
  let seen = false;
  new MutationObserver(() => {
    const splash = document.querySelector<HTMLElement>('[data-testid="intro-splash"]');
    if (splash) seen = true;
    if (splash?.dataset.phase) window.__splashScripted ??= performance.now();
    if (!splash && seen) window.__splashEnded ??= performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
}

async function freshPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  const page = await context.newPage();
  await page.addInitScript(watchSplash);
  return { context, page };
}

const timings = (page: Page) =>
  page.evaluate(() => ({ scripted: window.__splashScripted, ended: window.__splashEnded }));

// Tagged @real-clock: it runs first and alone (playwright.config.ts), since whether a page hydrates
// before 4.5 s depends on what else the two cores are doing.
test('fresh loads with the real clock: the intro ends at 4.5 s every time and the cloud follows', {
  tag: '@real-clock',
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const ends: number[] = [];
  let timerEnds = 0;
  // Two loads at a time, each in its own new browser context (no cache, no storage), in rounds of
  // about 5 s until three loads have run the timeline (two rounds on a quiet machine). On a loaded
  // one the page can hydrate after 4.5 s, and such a load proves only the late-hydration path, so
  // more rounds run, up to five. Many loads at once starve the page: with ten side by side under a
  // parallel `npm run bench:contacts` (load 16), only 2 of 10 hydrated before 4.5 s.
  for (let round = 0; round < MAX_ROUNDS && timerEnds < 3; round++) {
    const pages: { context: BrowserContext; page: Page }[] = [];
    for (let i = 0; i < 2; i++) pages.push(await freshPage(browser));
    await Promise.all(
      pages.map(async ({ context, page }) => {
        await gotoLanding(page);
        await expect(page.getByTestId('intro-splash')).toHaveCount(0, { timeout: 15_000 });
        await expect(page.getByTestId('floating-cloud')).toBeVisible();
        const { scripted, ended = 0 } = await timings(page);
        expect(ended).toBeGreaterThanOrEqual(COMPLETE_MS - 1);
        // The script took over before 4.5 s: the end came from its timer, on time (give or take a
        // busy machine). On a starved machine hydration can come after 4.5 s; the script then
        // ends the intro at once.
        if (scripted !== undefined && scripted < COMPLETE_MS) {
          timerEnds++;
          expect(ended).toBeLessThan(COMPLETE_MS + 2000);
        }
        ends.push(Math.round(ended));
        await context.close();
      }),
    );
  }
  // Enough loads ran the timeline to catch the old defect (it stuck on 5 of 8 such loads).
  expect(timerEnds, `loads that hydrated before 4.5 s, of ${ends.length}`).toBeGreaterThanOrEqual(3);
  console.log(
    `splash ended at (ms since navigation; ${timerEnds} of ${ends.length} by the timeline's timer): ` +
      ends.sort((a, b) => a - b).join(', '),
  );
});

/** A fresh page whose clock stands still, so only the gesture can end the intro. */
async function pausedAtBurst(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const { context, page } = await freshPage(browser, options);
  await installPausedClock(page);
  await gotoLanding(page);
  const now = await page.evaluate(() => performance.now());
  await page.clock.runFor(Math.max(0, 1900 - now));
  await expect(page.getByTestId('intro-splash')).toHaveAttribute('data-phase', 'burst');
  return { context, page };
}

test('a wheel or trackpad scroll skips the intro like a click', async ({ browser }) => {
  const { context, page } = await pausedAtBurst(browser);
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 300);
  await expect(page.getByTestId('intro-splash')).toHaveCount(0);
  await page.clock.runFor(310);
  await expect(page.getByTestId('floating-cloud')).toBeVisible();
  await context.close();
});

test('a touch scroll skips the intro', async ({ browser }) => {
  const { context, page } = await pausedAtBurst(browser, { hasTouch: true });
  // A finger dragging up the page, as the browser reports it: touchstart, touchmoves, touchend.
  await page.evaluate(() => {
    const target = document.elementFromPoint(640, 600) ?? document.body;
    const touch = (y: number) => new Touch({ identifier: 1, target, clientX: 640, clientY: y });
    const send = (type: string, y: number) =>
      target.dispatchEvent(
        new TouchEvent(type, {
          bubbles: true,
          cancelable: true,
          touches: type === 'touchend' ? [] : [touch(y)],
          changedTouches: [touch(y)],
        }),
      );
    send('touchstart', 600);
    for (const y of [560, 500, 420]) send('touchmove', y);
    send('touchend', 420);
  });
  await expect(page.getByTestId('intro-splash')).toHaveCount(0);
  await context.close();
});
