/** Page quality: clean console, hydration without mismatch, no axe-core violations. */
import AxeBuilder from '@axe-core/playwright';
import { gotoLanding } from './support/helpers';
import { expect, type Page, test } from './support/test';

/**
 * Playwright's own warning when the admin registers its service worker (decision 071) in a
 * context with `serviceWorkers: 'block'` (playwright.config.ts): the test's setting, not the page.
 */
const BLOCKED_BY_PLAYWRIGHT = 'Service Worker registration blocked by Playwright';

/** Collects console errors and warnings and uncaught page errors. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.text() === BLOCKED_BY_PLAYWRIGHT) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('the landing hydrates with no console errors or hydration warnings', async ({ page }) => {
  const problems = watchConsole(page);
  // Tag the server-rendered nodes once parsing ends, before the module scripts run: if hydration
  // fell back to a client render, React would replace them and the tags would be gone.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      for (const el of document.querySelectorAll('#hero, #contact form'))
        el.setAttribute('data-ssr-node', '');
    });
  });
  await gotoLanding(page);
  // Let the deferred chunks (toaster) load and any late error surface.
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  await expect(page.locator('[data-ssr-node]')).toHaveCount(2);
});

test('the landing has no axe-core violations', async ({ page }) => {
  // axe-core over the whole landing is the suite's heaviest single step (about 5 s on a quiet machine).
  test.slow();
  await gotoLanding(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test('the contact dialog has no axe-core violations', async ({ page }) => {
  await gotoLanding(page);
  await page.getByRole('button', { name: 'Start a project' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(results.violations).toEqual([]);
});

test('the login page has no axe-core violations and a clean console', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: 'Login as Admin (Test)' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
  expect(problems).toEqual([]);
});
