/**
 * The landing's layout guards (docs/decisions/045-landing-islands-and-one-brand-mark.md): no
 * sideways scroll on a phone, no empty band between desktop sections, the ambient layer painted
 * below the content and nothing blurring it, and one brand mark shared by the site, the admin and
 * the favicon.
 */

import { gotoLanding } from './support/helpers';
import { expect, type Page, test } from './support/test';

/** The largest empty band allowed between two sections' content, in CSS px. */
const MAX_SECTION_GAP = 120;

async function openCalm(page: Page): Promise<void> {
  // Reduced motion skips the intro splash, which covers the page for 4.5 s (docs/product.md §3.2).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await gotoLanding(page);
}

test.describe('390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('nothing scrolls sideways: not the page, not a swiped page', async ({ page }) => {
    await openCalm(page);
    await expect(page.getByTestId('mobile-pages')).toHaveClass(/overflow-hidden/);
    const overflow = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth - window.innerWidth,
      body: document.body.scrollWidth - window.innerWidth,
      pages: [...document.querySelectorAll<HTMLElement>('[id^="mobile-page"]')].map(
        (section) => section.scrollWidth - section.clientWidth,
      ),
    }));
    expect(overflow.document).toBeLessThanOrEqual(0);
    expect(overflow.body).toBeLessThanOrEqual(0);
    expect(overflow.pages).toEqual([0, 0, 0]);
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test(`no empty band over ${MAX_SECTION_GAP} px between sections`, async ({ page }) => {
    await openCalm(page);
    const gaps = await page.evaluate(() => {
      const CONTENT = 'h1,h2,h3,p,li,dl,img,video,form,button,a,details';
      const transparent = (color: string) => color === 'transparent' || /\/\s*0\)$|, 0\)$/.test(color);
      /** A box a visitor sees: text or media, or a panel with a border or a background. */
      const visible = (element: Element) => {
        if (element.matches(CONTENT)) return true;
        const style = getComputedStyle(element);
        return (
          (Number.parseFloat(style.borderTopWidth) > 0 && !transparent(style.borderTopColor)) ||
          style.backgroundImage !== 'none' ||
          !transparent(style.backgroundColor)
        );
      };
      /** Union of the boxes of what a visitor sees inside `section` (aria-hidden decoration aside). */
      const contentBox = (section: Element) => {
        let top = Number.POSITIVE_INFINITY;
        let bottom = Number.NEGATIVE_INFINITY;
        for (const element of section.querySelectorAll('*')) {
          if (element.closest('[aria-hidden="true"]') || !visible(element)) continue;
          const box = element.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) continue;
          top = Math.min(top, box.top);
          bottom = Math.max(bottom, box.bottom);
        }
        return { top: top + window.scrollY, bottom: bottom + window.scrollY };
      };
      const sections = [
        ...document.querySelectorAll('[data-testid="desktop-layout"] main [data-page] > section'),
      ];
      return sections.slice(1).map((section, index) => {
        const previous = sections[index] as Element;
        return {
          between: `${previous.id} → ${section.id}`,
          gap: Math.round(contentBox(section).top - contentBox(previous).bottom),
        };
      });
    });
    expect(gaps.length).toBe(9);
    for (const { between, gap } of gaps) {
      expect(gap, between).toBeLessThanOrEqual(MAX_SECTION_GAP);
    }
  });

  test('the bouncing logo is painted below the buttons and cards it drifts over', async ({ page }) => {
    await openCalm(page);
    const logo = page.getByTestId('bouncing-logo');
    await expect(logo).toBeAttached();
    const button = page.locator('#hero').getByRole('button', { name: 'Start a project' });
    const box = await button.boundingBox();
    if (!box) throw new Error('no button box');
    // Put the logo right over the button and let it take the pointer: hit testing then answers
    // with whatever is painted on top at that point.
    const hit = await logo.evaluate(
      async (node, { x, y }) => {
        const element = node as HTMLElement;
        for (const animation of element.getAnimations()) animation.cancel();
        element.style.translate = `${x - element.offsetWidth / 2}px 0`;
        element.style.transform = `translate3d(0, ${y - element.offsetHeight / 2}px, 0)`;
        element.style.pointerEvents = 'auto';
        // Reduced motion gives every property a 0.01 ms transition (globals.css): let it end.
        for (let frame = 0; frame < 3; frame++) await new Promise(requestAnimationFrame);
        const target = document.elementFromPoint(x, y);
        return {
          onButton: Boolean(target?.closest('#hero button')),
          logoCovers: (() => {
            const r = element.getBoundingClientRect();
            return r.left <= x && x <= r.right && r.top <= y && y <= r.bottom;
          })(),
        };
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit.logoCovers).toBe(true);
    expect(hit.onButton).toBe(true);
  });

  test('nothing blurs what the ambient motion moves under it, on the page or behind the dialog', async ({
    page,
  }) => {
    // A backdrop-filter over the drifting logo and the floating cloud is redrawn every frame: an
    // idle desktop landing held a core without GPU compositing (decision 052).
    const blurred = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((element) => !['', 'none'].includes(getComputedStyle(element).backdropFilter))
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120)),
      );
    await openCalm(page);
    expect(await blurred()).toEqual([]);
    await page.locator('#hero').getByRole('button', { name: 'Start a project' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await blurred()).toEqual([]);
  });

  test('the site, the admin and the favicon show the same brand mark', async ({ page, request }) => {
    await openCalm(page);
    const siteMark = page.locator('[data-testid="desktop-layout"] header [data-brand-mark]');
    await expect(siteMark).toBeVisible();
    const siteSrc = await siteMark.evaluate((img) => (img as HTMLImageElement).src);

    await page.goto('/admin/login');
    const adminMark = page.locator('main [data-brand-mark]');
    await expect(adminMark).toBeVisible();
    const adminSrc = await adminMark.evaluate((img) => (img as HTMLImageElement).src);
    expect(new URL(adminSrc).pathname).toBe(new URL(siteSrc).pathname);

    const bytes = async (url: string) => (await (await request.get(url)).body()).toString('utf8');
    const mark = await bytes(siteSrc);
    expect(mark).toContain('<svg');
    expect(await bytes('/favicon.svg')).toBe(mark);
  });
});
