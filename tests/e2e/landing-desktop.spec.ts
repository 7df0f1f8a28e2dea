/**
 * The public landing on desktop (docs/product.md §3.1, §14.1): sections and their
 * items, the intro splash timeline and the floating cloud, lazily loaded videos, the testimonial
 * carousel and grid, section buttons, FAQ, toasts, accessibility and reading without JavaScript.
 * Most tests emulate reduced motion, which skips the intro (docs/product.md §3.2).
 */
import AxeBuilder from '@axe-core/playwright';
import { expectMessageSent, gotoLanding, installPausedClock, toasts } from './support/helpers';
import { expect, type Page, test } from './support/test';

test.use({ viewport: { width: 1280, height: 800 } });

async function openCalm(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await gotoLanding(page);
}

/** Headings (`h3`) inside the section with `id`. */
const cardTitles = (page: Page, id: string) => page.locator(`#${id} h3`);

test('every section is there with its items', async ({ page }) => {
  await openCalm(page);
  for (const id of ['page1', 'page2', 'page3']) await expect(page.locator(`#${id}`)).toBeAttached();
  const hero = page.locator('#hero');
  await expect(hero.getByRole('button', { name: 'Start a project' })).toBeVisible();
  await expect(hero.getByRole('button', { name: 'Explore services' })).toBeVisible();
  await expect(hero.getByRole('link', { name: /Follow our work/ })).toHaveAttribute('target', '_blank');

  await expect(cardTitles(page, 'services')).toHaveText([
    'Website Design & Build',
    'Custom App Development',
    'AI-Powered Workflows',
    'Small-Business Support',
    'Rapid Prototyping',
    'Maintenance & Growth',
  ]);
  await expect(page.getByRole('heading', { name: 'Every Site Gets a Brain' })).toBeVisible();
  await expect(cardTitles(page, 'mini-crm')).toHaveText([
    'Form Submissions',
    'Simple Analytics',
    'Follow-Up System',
  ]);
  await expect(cardTitles(page, 'about')).toHaveText([
    'Team-Led Expertise',
    '12+ Years in Tech',
    'Problem-Solving DNA',
  ]);
  await expect(cardTitles(page, 'ai')).toHaveText([
    'Integrated CRM Backend',
    'Smart Intake & Triage',
    'Analytics & Insights',
  ]);

  const projects = page.locator('#current-projects > div > ul > li');
  await expect(projects).toHaveCount(4);
  await expect(page.locator('#current-projects video')).toHaveCount(4);
  for (const video of await page.locator('#current-projects video').all()) {
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('loop', true);
  }
  await expect(projects.getByText('Live', { exact: true })).toHaveCount(2);
  await expect(projects.getByText('In Development', { exact: true })).toHaveCount(2);
  // No project has a real public address yet: no 'Visit' link to a placeholder or back to this
  // site.
  await expect(page.locator('#current-projects a[href]')).toHaveCount(0);

  await expect(page.getByRole('heading', { name: 'Client Success Stories' })).toBeVisible();
  await expect(page.locator('#testimonials figure')).toHaveCount(6);

  const steps = page.locator('[data-testid="process-timeline"] > li');
  await expect(steps).toHaveCount(5);
  for (const [index, timeline] of ['24 hours', '1-2 days', '1-3 weeks', '2-3 days', 'Ongoing'].entries()) {
    await expect(steps.nth(index)).toContainText(timeline);
  }
  await expect(page.locator('#process').getByText('Fast Track Available')).toBeVisible();
  await expect(page.locator('#process').getByText('Limited Slots')).toBeVisible();

  await expect(page.locator('#faq section')).toHaveCount(5);
  await expect(page.locator('#faq details')).toHaveCount(10);
  await expect(
    page.locator('#contact').getByRole('heading', { name: "Let's build what's next" }),
  ).toBeVisible();
});

test('the intro shows logo, tagline, burst, then completes; the cloud follows 300 ms later', async ({
  page,
}) => {
  // The splash runs on the page's clock (performance.now() since navigation): pause it early,
  // then move it to each moment of the timeline (docs/product.md §3.1, §14.1).
  await installPausedClock(page);
  await gotoLanding(page);
  const runTo = async (ms: number) => {
    const now = await page.evaluate(() => performance.now());
    if (now < ms) await page.clock.runFor(ms - now);
  };

  const splash = page.getByTestId('intro-splash');
  // Hydration may land just before or after the logo's 100 ms.
  await expect(splash).toHaveAttribute('data-phase', /^(waiting|logo)$/);
  if ((await splash.getAttribute('data-phase')) === 'waiting') {
    await expect(page.getByTestId('splash-logo')).toBeHidden();
  }

  await runTo(110);
  await expect(page.getByTestId('splash-logo')).toBeVisible();
  await expect(page.getByTestId('splash-tagline')).toBeHidden();

  await runTo(610);
  await expect(page.getByTestId('splash-tagline')).toBeVisible();
  await expect(page.getByTestId('splash-tagline')).toContainText('Brightlane');
  await expect(page.getByTestId('splash-burst')).toHaveCount(0);

  await runTo(1810);
  await expect(splash).toHaveAttribute('data-phase', 'burst');
  await expect(page.getByTestId('splash-burst').locator('span')).toHaveCount(28);
  await expect(page.getByTestId('splash-burst').locator('span').first()).toBeVisible();

  await runTo(4450);
  await expect(splash).toBeVisible();
  await runTo(4510);
  await expect(splash).toHaveCount(0);
  await runTo(4760);
  await expect(page.getByTestId('floating-cloud')).toHaveCount(0);
  await runTo(4820);
  await expect(page.getByTestId('floating-cloud')).toBeVisible();
});

test('reduced motion skips the intro; the cloud still appears 300 ms after', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await installPausedClock(page);
  await gotoLanding(page);
  await expect(page.getByTestId('intro-splash')).toHaveCount(0);
  await page.clock.runFor(250);
  await expect(page.getByTestId('floating-cloud')).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(page.getByTestId('floating-cloud')).toBeVisible();
});

test('project videos load only near the viewport', async ({ page }) => {
  const videoRequests: string[] = [];
  page.on('request', (request) => {
    if (/\.(mp4|webm)$/.test(new URL(request.url()).pathname)) videoRequests.push(request.url());
  });
  // Motion allowed (reduced motion keeps the videos on their posters, so nothing would load).
  await gotoLanding(page);
  const first = page.locator('#current-projects video').first();
  await expect(first).not.toHaveAttribute('src', /./);
  expect(videoRequests).toEqual([]);
  await page.locator('#current-projects').scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute('src', /\/assets\/agency-website-[\w-]+\.(webm|mp4)$/);
  await expect.poll(() => videoRequests.length).toBeGreaterThan(0);
});

test('testimonials: carousel with buttons below 1024 px, rows of three from 1024 px', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await openCalm(page);
  const viewport = page.getByTestId('testimonials-viewport');
  const next = page.getByRole('button', { name: 'Next testimonial' });
  const previous = page.getByRole('button', { name: 'Previous testimonial' });
  await viewport.scrollIntoViewIfNeeded();
  await expect(next).toBeVisible();
  await expect(previous).toBeDisabled();
  const firstCard = page.locator('#testimonials figure').first();
  const before = await firstCard.boundingBox();
  await next.click();
  await expect(previous).toBeEnabled();
  await expect.poll(async () => (await firstCard.boundingBox())?.x ?? 0).toBeLessThan((before?.x ?? 0) - 100);
  await previous.click();
  await expect(previous).toBeDisabled();

  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(next).toBeHidden();
  await expect(previous).toBeHidden();
  // The six shipped stories: two rows of three (the grid's tracks place them, decision 070).
  const boxes = await Promise.all(
    (await page.locator('#testimonials figure').all()).map((card) => card.boundingBox()),
  );
  const rows = new Set(boxes.map((box) => Math.round(box?.y ?? 0)));
  expect(rows.size).toBe(2);
  const columns = new Set(boxes.map((box) => Math.round(box?.x ?? 0)));
  expect(columns.size).toBe(3);
});

test('a press on Next made before the tooltip code arrives, released after, is still a click', async ({
  page,
}) => {
  // The first pointer move fetches the tooltip code; the test holds that response until the
  // button is pressed. Adding the tooltips remounts the buttons, so it must wait for the release.
  let deliver!: () => void;
  const held = new Promise<void>((resolve) => {
    deliver = resolve;
  });
  await page.route(/\/assets\/tooltip-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openCalm(page);
  const next = page.getByRole('button', { name: 'Next section' });
  const box = await next.boundingBox();
  if (!box) throw new Error('Next section has no box');
  const requested = page.waitForRequest(/\/assets\/tooltip-/);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const chunk = (await requested).url();
  await page.mouse.down();
  deliver();
  // The page's own import of the chunk has resolved once this one has (same module), and React
  // has rendered whatever it was told to after two frames.
  await page.evaluate(async (url) => {
    await import(url);
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  }, chunk);
  await expect(next).not.toHaveAttribute('data-state', /./);
  await page.mouse.up();
  await expect
    .poll(() => page.locator('#services').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThanOrEqual(80);
  // Released: the tooltips are added now.
  await expect(next).toHaveAttribute('data-state', /closed|open/);
});

test('previous/next section buttons appear from 1024 px and move between sections', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await openCalm(page);
  await expect(page.getByTestId('section-nav')).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  const next = page.getByRole('button', { name: 'Next section' });
  await expect(next).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous section' })).toBeDisabled();
  await next.click();
  await expect
    .poll(() => page.locator('#services').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThanOrEqual(80);
  await page.mouse.move(10, 400);
  await next.hover();
  await expect(page.getByRole('tooltip')).toContainText('Every Site Gets a Brain');
});

test('FAQ answers expand, and the call to action moves to the contact form', async ({ page }) => {
  await openCalm(page);
  const faq = page.locator('#faq');
  const first = faq.locator('details').nth(0);
  const second = faq.locator('details').nth(1);
  await first.locator('summary').click();
  await second.locator('summary').click();
  await expect(first.locator('p')).toBeVisible();
  await expect(second.locator('p')).toBeVisible();
  await faq.getByRole('button', { name: 'Ask us anything' }).click();
  await expect(page.locator('#contact')).toBeFocused();
  await expect(faq.getByRole('link', { name: 'hello@brightlane.studio' })).toHaveAttribute(
    'href',
    'mailto:hello@brightlane.studio',
  );
});

test('toasts: one at a time, at most 420 px wide, gone after 5 s', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.fulfill({ status: 201, json: { ok: true } }));
  await openCalm(page);
  const card = page.locator('#contact');
  const send = async (name: string) => {
    await card.getByLabel('Name', { exact: true }).fill(name);
    await card.getByLabel('Email', { exact: true }).fill('toast@example.com');
    await card.getByLabel('Message', { exact: true }).fill('Hello');
    await card.getByRole('button', { name: 'Send Message' }).click();
    await expect(card.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  };
  await send('First');
  await send('Second');
  const region = toasts(page);
  await expect(region.getByRole('listitem')).toHaveCount(1);
  await expectMessageSent(page);
  const width = await region.locator('ol').evaluate((list) => list.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(420);
  await expect(region.getByText('Message sent!')).toBeHidden({ timeout: 8000 });
});

test('the landing has no axe-core violations after the intro, and no console errors', async ({ page }) => {
  // axe-core over the whole landing is the suite's heaviest single step (about 5 s on a quiet machine).
  test.slow();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await openCalm(page);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
  expect(problems).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the prerendered page can be read', async ({ page }) => {
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('Every Site Gets a Brain');
    expect(html).toContain('application/ld+json');
    await expect(page).toHaveTitle(/Brightlane Studio/);
    await expect(page.getByTestId('intro-splash')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Current Projects' })).toBeVisible();
    await expect(page.locator('#testimonials figure')).toHaveCount(6);
    const question = page.locator('#faq details').first();
    await question.locator('summary').click();
    await expect(question.locator('p')).toBeVisible();
    await expect(page.getByRole('heading', { name: "Let's build what's next" })).toBeVisible();
  });
});
