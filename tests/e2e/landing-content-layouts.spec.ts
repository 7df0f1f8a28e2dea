/**
 * The landing's card layouts for any number of cards (decision 070): documents with 1 to 12
 * projects and 1 to 24 testimonials, published through the API, look designed at 1280 and 390 px:
 * no sideways scroll, never one card alone on a row when there are more (rows compared by their
 * cards' boxes), rows centred, the section buttons clear of every card, the phone page showing
 * exactly the testimonials marked 'show on phones', and an uploaded photo shown from its widths
 * (`srcset`). Screenshots of 8 projects and 12 testimonials at both widths.
 *
 * Publishing changes the landing for everyone, so this file runs its own server.
 */
import sharp from 'sharp';
import type { SiteContent } from '../../src/shared/site-content.ts';
import { defaultSiteContent } from '../../src/shared/site-content-default.ts';
import {
  adminApi,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  sameOrigin,
  signInFast,
} from './support/admin';
import { gotoLanding, pastSwipeLock, settled } from './support/helpers';
import { type AppServer, startAppServer } from './support/server';
import { test as base, expect, type Locator, type Page } from './support/test';

const shots = 'test-results/screenshots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 900, height: 900 };

const test = base.extend<object, { layoutServer: AppServer }>({
  layoutServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object.
    async ({}, use) => {
      const server = await startAppServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ layoutServer }, use) => use(layoutServer.baseUrl),
});

/** The pairs published, together covering 1, 2, 4, 5, 7, 8, 12 projects and 1, 4, 7, 12, 24 testimonials. */
const CASES: [projects: number, testimonials: number][] = [
  [1, 1],
  [2, 4],
  [4, 7],
  [5, 24],
  [7, 12],
  [8, 12],
  [12, 24],
];

/** Testimonial `i` is shown on phones when this says so (the first always, so one shows). */
const onPhones = (i: number) => i % 3 === 0;

/** The shipped document with `p` projects and `t` testimonials (copies of the shipped ones, renamed). */
function documentWith(p: number, t: number, photo: string, poster: string): SiteContent {
  const doc = structuredClone(defaultSiteContent);
  const projects = defaultSiteContent.projects;
  const stories = defaultSiteContent.testimonials;
  doc.projects = Array.from({ length: p }, (_, i) => ({
    ...structuredClone(projects[i % projects.length]!),
    id: `project-${i + 1}`,
    name: `Project ${i + 1}`,
  }));
  doc.projects[0]!.video.poster = poster;
  doc.testimonials = Array.from({ length: t }, (_, i) => ({
    ...structuredClone(stories[i % stories.length]!),
    name: `Client ${i + 1}`,
    showOnPhones: onPhones(i),
    ...(i === 0 ? { photo } : {}),
  }));
  return doc;
}

/** Saves `doc` as the draft and publishes it (a draft equal to the live site is fine: 409). */
async function publish(page: Page, baseURL: string, doc: SiteContent): Promise<void> {
  await adminApi(page, baseURL, 'PUT', '/api/admin/site/draft', doc);
  const res = await page.request.post('/api/admin/site/publish', { headers: sameOrigin(baseURL) });
  expect([200, 409], await res.text()).toContain(res.status());
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxes(cards: Locator): Promise<Box[]> {
  return cards.evaluateAll((elements) =>
    elements.map((element) => {
      const r = element.getBoundingClientRect();
      return { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
    }),
  );
}

/** Cards grouped into rows by their top edge. */
function rows(all: Box[]): Box[][] {
  const byTop = new Map<number, Box[]>();
  for (const box of all) {
    const key = [...byTop.keys()].find((top) => Math.abs(top - box.y) < 2) ?? box.y;
    byTop.set(key, [...(byTop.get(key) ?? []), box]);
  }
  return [...byTop.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

/**
 * Asserts the cards' rows: the count, no row of one card unless there is one card, each row
 * centred on `axis` (the list's centre) within 2 px.
 */
async function expectDesignedRows(cards: Locator, expected: number, what: string): Promise<void> {
  const all = await boxes(cards);
  expect(all, what).toHaveLength(expected);
  const list = await cards.first().evaluate((card) => {
    const r = card.closest('ul')!.getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  const axis = (list.left + list.right) / 2;
  // Nothing sticks out of a card (a badge too wide for a narrow card).
  const overflowing = await cards.evaluateAll((elements) =>
    elements
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent),
  );
  expect(overflowing, `${what}: content wider than its card`).toEqual([]);
  for (const row of rows(all)) {
    if (expected > 1) expect(row.length, `${what}: a row of one card`).toBeGreaterThan(1);
    const left = Math.min(...row.map((b) => b.x));
    const right = Math.max(...row.map((b) => b.x + b.width));
    expect(Math.abs((left + right) / 2 - axis), `${what}: row not centred`).toBeLessThan(2);
  }
}

/** Publishes `doc`, opens the landing calm (no intro splash) at `size`. */
async function open(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await gotoLanding(page);
}

/** A viewport shot of the phone page with `target` at its top, below the top bar. */
async function shootPhone(page: Page, target: Locator, name: string): Promise<void> {
  await target.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    let scroller = element.parentElement;
    while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    (scroller ?? document.scrollingElement)?.scrollBy(0, -80);
  });
  await settled(page);
  await page.screenshot({ path: `${shots}/${name}.png`, animations: 'disabled' });
}

test.describe.configure({ mode: 'serial' });

test('any number of projects and testimonials looks designed at 1280 and 390 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(600_000);
  await signInFast(page, baseURL!);
  // An uploaded photo for the first testimonial: shown from its widths.
  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();
  const uploaded = await page.request.post('/api/admin/site/media', {
    headers: sameOrigin(baseURL!),
    multipart: { file: { name: 'client.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const photo = ((await uploaded.json()) as { url: string }).url;
  // An uploaded poster for the first project.
  const posterPng = await sharp({ create: { width: 288, height: 576, channels: 3, background: '#553c9a' } })
    .png()
    .toBuffer();
  const posterUpload = await page.request.post('/api/admin/site/media', {
    headers: sameOrigin(baseURL!),
    multipart: { file: { name: 'poster.png', mimeType: 'image/png', buffer: posterPng } },
  });
  expect(posterUpload.status(), await posterUpload.text()).toBe(200);
  const poster = ((await posterUpload.json()) as { url: string }).url;

  for (const [p, t] of CASES) {
    const label = `${p} projects, ${t} testimonials`;
    await publish(page, baseURL!, documentWith(p, t, photo, poster));

    await open(page, DESKTOP);
    const desktop = page.getByTestId('desktop-layout');
    const projects = desktop.getByTestId('project-card');
    const stories = desktop.getByTestId('testimonial-card');
    await expectNoHorizontalScroll(page);
    await expectDesignedRows(projects, p, `${label}, 1280 px projects`);
    await expectDesignedRows(stories, t, `${label}, 1280 px testimonials`);
    // The section buttons stay clear of every card, wherever the page is scrolled.
    const nav = await page.getByTestId('section-nav').boundingBox();
    expect(nav, 'section buttons shown at 1280 px').not.toBeNull();
    for (const card of [...(await boxes(projects)), ...(await boxes(stories))]) {
      const apart = card.x + card.width <= nav!.x || card.x >= nav!.x + nav!.width;
      expect(apart, `${label}: a card under the section buttons`).toBe(true);
    }
    const avatar = stories.first().locator('img');
    await expect(avatar).toHaveAttribute('src', photo);
    await expect(avatar).toHaveAttribute('srcset', /-160\.webp 160w, .*-1280\.webp 1280w$/);
    await expect(avatar).toHaveAttribute('sizes', '44px');
    const posterImage = projects.first().locator('img').first();
    await expect(posterImage).toHaveAttribute('src', poster);
    await expect(posterImage).toHaveAttribute('srcset', /-640\.webp 640w/);
    await expect(posterImage).toHaveAttribute('sizes', '240px');
    // The browser loads one of the widths, from the database.
    await posterImage.scrollIntoViewIfNeeded();
    await expect
      .poll(() => posterImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    if (p === 7) {
      await desktop.locator('#current-projects').scrollIntoViewIfNeeded();
      await settled(page);
      await desktop
        .locator('#current-projects')
        .screenshot({ path: `${shots}/landing-7-projects-1280.png`, animations: 'disabled' });
    }
    if (p === 8) {
      await expectNoAxeViolations(page);
      for (const [id, name] of [
        ['#current-projects', 'landing-8-projects'],
        ['#testimonials', 'landing-12-testimonials'],
      ] as const) {
        await desktop.locator(id).scrollIntoViewIfNeeded();
        await settled(page);
        await desktop.locator(id).screenshot({ path: `${shots}/${name}-1280.png`, animations: 'disabled' });
      }
    }

    if (p === 5 || p === 7) {
      // A tablet: the desktop layout with at most three projects a row.
      await open(page, TABLET);
      await expectNoHorizontalScroll(page);
      await expectDesignedRows(desktop.getByTestId('project-card'), p, `${label}, 900 px projects`);
      if (p === 5) {
        await desktop.locator('#current-projects').scrollIntoViewIfNeeded();
        await settled(page);
        await desktop
          .locator('#current-projects')
          .screenshot({ path: `${shots}/landing-5-projects-900.png`, animations: 'disabled' });
      }
    }

    await open(page, PHONE);
    const phone = page.getByTestId('mobile-layout');
    await expectNoHorizontalScroll(page);
    await expectDesignedRows(phone.getByTestId('project-card'), p, `${label}, 390 px projects`);
    const marked = Array.from({ length: t }, (_, i) => i)
      .filter(onPhones)
      .map((i) => `Client ${i + 1}`);
    await expect(
      phone.getByTestId('testimonial-card').locator('figcaption .font-semibold'),
      `${label}: the phone shows the marked testimonials`,
    ).toHaveText(marked);
    if (p === 7) {
      await page.getByRole('button', { name: 'Go to page 2: Portfolio & Work' }).click();
      await pastSwipeLock(page);
      await shootPhone(page, phone.getByTestId('project-card').nth(4), 'landing-7-projects-390-end');
    }
    if (p === 8) {
      await page.getByRole('button', { name: 'Go to page 2: Portfolio & Work' }).click();
      await pastSwipeLock(page);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      // Each swiped page scrolls by itself: viewport shots at the projects' start and end, and the stories.
      const shotsAt: [Locator, string][] = [
        [phone.locator('#m-projects-title'), 'landing-8-projects-390'],
        [phone.getByTestId('project-card').last(), 'landing-8-projects-390-end'],
        [phone.locator('#m-testimonials-title'), 'landing-12-testimonials-390'],
      ];
      for (const [target, name] of shotsAt) await shootPhone(page, target, name);
    }
  }
});
