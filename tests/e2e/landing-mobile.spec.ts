/**
 * The public landing below 768 px (docs/product.md §3.3, §14.1): three swiped
 * pages, top bar, drawer, dots and progress, the contact dialog's move to the projects page,
 * the hidden admin entry, single-open questions, vibration and accessibility.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  contactFields,
  expectMessageSent,
  fillContactForm,
  gotoLanding,
  pastSwipeLock,
} from './support/helpers';
import { expect, type Page, test } from './support/test';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Records navigator.vibrate calls in `window.__vibrations`. */
async function recordVibrations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { __vibrations: unknown[] }).__vibrations = calls;
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        calls.push(pattern);
        return true;
      },
    });
  });
}

const vibrations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations);

const position = (page: Page) => page.getByTestId('mobile-position');
const title = (page: Page) => page.getByTestId('mobile-title');

/** Opens the landing and waits until Embla drives the page strip (it loads after hydration). */
async function openPager(page: Page): Promise<void> {
  await gotoLanding(page);
  await expect(page.getByTestId('mobile-pages')).toHaveClass(/overflow-hidden/);
}

/** Drags the page strip horizontally by `dx` px (negative: towards the next page). */
async function swipe(page: Page, dx: number): Promise<void> {
  const y = 500;
  const x = dx < 0 ? 330 : 60;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(x + (dx * step) / 8, y + step);
  await page.mouse.up();
  // Let the page settle, as a person would before the next gesture.
  await page.waitForTimeout(400);
}

test('the three pages hold their sections and items', async ({ page }) => {
  await gotoLanding(page);
  await expect(page.getByTestId('desktop-layout')).toBeHidden();
  await expect(position(page)).toHaveText('1 / 3');
  await expect(title(page)).toHaveText('Intro & Services');
  await expect(page.getByRole('button', { name: 'Previous page' })).toHaveCount(0);

  const intro = page.locator('#mobile-page1');
  await expect(intro.getByRole('heading', { level: 1 })).toHaveText('Build FastThink BigDeliver Impact');
  await expect(intro.getByRole('button', { name: 'Start Building' })).toBeVisible();
  for (const stat of ['12+', '100+', '24hr'])
    await expect(intro.getByText(stat, { exact: true })).toBeVisible();
  await expect(intro.getByText('Years', { exact: true })).toBeVisible();
  await expect(intro.getByRole('link', { name: /Follow our work/ })).toHaveAttribute('target', '_blank');
  await expect(intro.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', /^mailto:/);
  // The hero's 'Slide' hint with its arrows (docs/product.md §3.1), in the first screenful.
  const slideHint = intro.locator('#m-hero').getByTestId('slide-hint');
  await expect(slideHint).toHaveText('Slide');
  await expect(slideHint.locator('svg')).toHaveCount(1);
  await expect(slideHint).toBeInViewport();
  const items = (id: string) => page.locator(`section[aria-labelledby="${id}-title"] li h3`);
  await expect(items('m-services')).toHaveCount(3);
  await expect(items('m-brain')).toHaveText(['Form Submissions', 'Simple Analytics', 'Follow-Up System']);
  await expect(items('m-why')).toHaveCount(3);
  await expect(items('m-ai')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'The AI Edge' })).toBeAttached();

  await expect(items('m-projects')).toHaveCount(4);
  // No project has a real public address yet, so no card links anywhere.
  await expect(page.locator('section[aria-labelledby="m-projects-title"] a')).toHaveCount(0);
  await expect(page.locator('section[aria-labelledby="m-testimonials-title"] figure')).toHaveCount(2);
  await expect(
    page.locator('section[aria-labelledby="m-testimonials-title"]').getByText('Rated 5 out of 5'),
  ).toHaveCount(2);
  await expect(page.locator('section[aria-labelledby="m-process-title"] ol > li')).toHaveCount(4);
  await expect(page.getByTestId('mobile-faq').locator('details')).toHaveCount(4);
  await expect(page.locator('#mobile-page3 form')).toHaveCount(1);
});

test('swipes, dots, back button and progress move between pages (with haptics)', async ({ page }) => {
  await recordVibrations(page);
  await openPager(page);
  const progress = page.getByTestId('mobile-progress');
  const widthOf = () => progress.evaluate((el) => el.getBoundingClientRect().width);
  const firstWidth = await widthOf();

  await swipe(page, -240);
  await expect(position(page)).toHaveText('2 / 3');
  await expect(title(page)).toHaveText('Portfolio & Work');
  await expect.poll(widthOf).toBeGreaterThan(firstWidth);
  await expect(page.getByRole('button', { name: 'Go to page 2: Portfolio & Work' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await page.getByRole('button', { name: 'Go to page 3: Get Started' }).click();
  await expect(position(page)).toHaveText('3 / 3');
  await expect(title(page)).toHaveText('Get Started');

  await pastSwipeLock(page);
  await swipe(page, 240);
  await expect(position(page)).toHaveText('2 / 3');

  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(position(page)).toHaveText('1 / 3');
  await expect(page.getByRole('button', { name: 'Previous page' })).toHaveCount(0);
  expect(await vibrations(page)).toContainEqual(10);
});

test('swiping is locked for 500 ms after a programmatic move (spec §9)', async ({ page }) => {
  // The page's clock is ours: the lock is read from performance.now() when a drag starts, so no
  // real-time race decides the test. Reduced motion makes the dot's move a jump (no animation).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await openPager(page);
  // From here the page's time moves only when the test moves it: on a loaded machine real time
  // between the click and the first swipe could otherwise outlast the lock.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.getByRole('button', { name: 'Go to page 2: Portfolio & Work' }).click();
  await expect(position(page)).toHaveText('2 / 3');

  await page.clock.runFor(300);
  await swipe(page, -240);
  await page.clock.runFor(100);
  await expect(position(page)).toHaveText('2 / 3');

  await page.clock.runFor(300); // now 700 ms after the move
  await swipe(page, -240);
  await page.clock.runFor(1_000); // let Embla settle
  await expect(position(page)).toHaveText('3 / 3');
});

test('the drawer lists the pages and Get in Touch jumps to page 3', async ({ page }) => {
  await gotoLanding(page);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer).toBeVisible();
  const entries = drawer.getByRole('navigation').getByRole('button');
  await expect(entries).toHaveText(['01Intro & Services', '02Portfolio & Work', '03Get Started']);
  await entries.nth(1).click();
  await expect(drawer).toBeHidden();
  await expect(position(page)).toHaveText('2 / 3');

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await drawer.getByRole('button', { name: 'Get in Touch' }).click();
  await expect(drawer).toBeHidden();
  await expect(position(page)).toHaveText('3 / 3');
  await expect(page.locator('#m-contact-title')).toBeFocused();
});

test('five taps on the hidden area reveal the admin sign-in; reopening resets the count', async ({
  page,
}) => {
  await recordVibrations(page);
  await gotoLanding(page);
  const open = () => page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  const secret = drawer.getByTestId('secret-admin-area');
  const admin = drawer.getByRole('link', { name: 'Sign in as Admin' });

  await open();
  for (let i = 0; i < 4; i++) await secret.click();
  await expect(admin).toHaveCount(0);
  // Close and reopen: a new menu, a new count.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await open();
  await secret.click();
  await expect(admin).toHaveCount(0);
  for (let i = 0; i < 3; i++) await secret.click();
  await expect(admin).toHaveCount(0);
  await secret.click();
  await expect(admin).toBeVisible();
  await expect(admin).toHaveAttribute('href', '/admin/login');
  expect(await vibrations(page)).toContainEqual([50, 100, 50]);
  await admin.click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('common questions open one at a time', async ({ page }) => {
  await gotoLanding(page);
  await page.getByRole('button', { name: 'Go to page 3: Get Started' }).click();
  await expect(position(page)).toHaveText('3 / 3');
  const questions = page.getByTestId('mobile-faq').locator('details');
  await questions.nth(0).locator('summary').click();
  await expect(questions.nth(0)).toHaveAttribute('open', '');
  await questions.nth(1).locator('summary').click();
  await expect(questions.nth(1)).toHaveAttribute('open', '');
  await expect(questions.nth(0)).not.toHaveAttribute('open', '');
  await expect(page.locator('[data-testid="mobile-faq"] details[open]')).toHaveCount(1);
});

test("'Start Building' sends the dialog, closes it and shows the projects page", async ({ page }) => {
  await page.route('**/api/contact', (route) => route.fulfill({ status: 201, json: { ok: true } }));
  await gotoLanding(page);
  await page.getByRole('button', { name: 'Start Building' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a project' });
  await expect(dialog).toBeVisible();
  await fillContactForm(dialog, { name: 'Mobile Visitor', email: 'mobile@example.com', message: 'An app.' });
  await contactFields(dialog).submit.click();
  await expectMessageSent(page);
  await expect(dialog).toBeHidden();
  await expect(position(page)).toHaveText('2 / 3');
  await expect(page.locator('#m-projects-title')).toBeFocused();
});

test('no axe-core violations on the pages, the drawer and the dialog; no console errors', async ({
  page,
}) => {
  // Three axe-core runs, one over all three pages (about 5 s each on a quiet machine): a long test
  // by design, like the admin's axe tour.
  test.slow();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await gotoLanding(page);
  await page.waitForLoadState('networkidle');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Start Building' }).click();
  await expect(page.getByRole('dialog', { name: 'Start a project' })).toBeVisible();
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  expect(problems).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every page can be read by scrolling the strip', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Build Fast/ })).toBeVisible();
    await page
      .getByTestId('mobile-pages')
      .evaluate((strip) => strip.scrollTo({ left: strip.clientWidth * 2 }));
    await expect(page.getByRole('heading', { name: 'Common Questions' })).toBeInViewport();
  });
});
