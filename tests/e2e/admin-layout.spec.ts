/**
 * Layout defects (decision 017), at 390 px and 1280 px: a toast must never cover a dialog's
 * buttons, 'Create Campaign' belongs to the page header rather than floating beside the usage box,
 * the contacts' header buttons must not move when the list arrives (a click on its way would land
 * elsewhere), and the dashboard chart's two y-axes must say which series each one measures.
 * Screenshots go to test-results/screenshots/layout-*.png.
 */

import { adminToasts, signInFast } from './support/admin';
import { createLead, settled, unique } from './support/helpers';
import { expectAllReachable, expectNothingClipped } from './support/layout';
import { expect, test } from './support/test';

const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const dir = 'test-results/screenshots';

for (const { width, height } of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test("a toast shown over the create dialog leaves the dialog's buttons clickable", async ({
      page,
      baseURL,
    }) => {
      // Enough contacts that the recipient list fills the dialog to the bottom of the screen.
      for (let i = 0; i < 8; i++) {
        await createLead(page.request, baseURL!, {
          name: unique('Toast Lead'),
          email: `toast${i}@example.com`,
          message: 'Toast check.',
        });
      }
      await signInFast(page, baseURL!);
      await page.goto('/admin/campaigns');
      await page.getByRole('button', { name: 'Create Campaign' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
      await expect(dialog.getByText(/selected/)).toBeVisible();
      // Submitting the empty form shows the 'All fields are required' toast while the dialog stays open.
      await dialog.getByRole('button', { name: 'Create Campaign' }).click();
      await expect(adminToasts(page).getByText('All fields are required')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${dir}/layout-toast-over-dialog-${width}.png` });
      await expectAllReachable([
        dialog.getByRole('button', { name: 'Create Campaign' }),
        dialog.getByRole('button', { name: 'Cancel' }),
      ]);
      await page.screenshot({ path: `${dir}/layout-toast-over-dialog-scrolled-${width}.png` });
      if (width >= 640) await expectAllReachable([dialog.getByRole('button', { name: 'Close' })]);
      // The toast is still there: the buttons were reachable while it showed.
      await expect(adminToasts(page).getByText('All fields are required')).toBeVisible();
    });

    test("'Create Campaign' sits in the page header, above the tabs, not beside the usage box", async ({
      page,
      baseURL,
    }) => {
      await signInFast(page, baseURL!);
      await page.goto('/admin/campaigns');
      const button = page.getByRole('button', { name: 'Create Campaign' });
      const usage = page.getByText(/^Used [\d,]+ of [\d,]+ in the last 24 h$/);
      await expect(usage).toBeVisible();
      const buttonBox = (await button.boundingBox())!;
      const headingBox = (await page.getByRole('heading', { level: 1, name: 'Campaigns' }).boundingBox())!;
      const tabsBox = (await page.getByRole('tablist').boundingBox())!;
      expect(buttonBox.y + buttonBox.height, 'button above the tabs').toBeLessThanOrEqual(tabsBox.y);
      expect(buttonBox.y, 'button below the heading or beside it').toBeGreaterThanOrEqual(headingBox.y - 8);
      if (width >= 640) {
        // On the heading's row: the button's middle lies within the heading's height.
        const middle = buttonBox.y + buttonBox.height / 2;
        expect(middle).toBeGreaterThanOrEqual(headingBox.y);
        expect(middle).toBeLessThanOrEqual(headingBox.y + headingBox.height);
      }
      await expectNothingClipped(page);
      await page.screenshot({ path: `${dir}/layout-campaigns-${width}.png`, fullPage: true });
    });

    test("the contacts' header buttons stay where they are when the list and its count arrive", async ({
      page,
      baseURL,
    }) => {
      await signInFast(page, baseURL!);
      // The list's first page is held back until the buttons have been measured.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/api\/admin\/contacts(\?|$)/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/admin/contacts');
      const buttons = ['Import CSV', 'Add Contact'].map((name) => page.getByRole('button', { name }));
      await expect(buttons[1]!).toBeVisible();
      await expect(page.getByText('Loading...')).toBeVisible();
      const before = await Promise.all(buttons.map((button) => button.boundingBox()));
      release();
      await expect(page.getByText(/^(Showing \d+ of \d+ contacts|\d+ contacts?)$/)).toBeVisible();
      const after = await Promise.all(buttons.map((button) => button.boundingBox()));
      expect(after).toEqual(before);
    });

    test('the chart labels each y-axis with its series, in the series colour', async ({ page, baseURL }) => {
      await signInFast(page, baseURL!);
      await page.goto('/admin');
      const chart = page.locator('.recharts-wrapper');
      await expect(chart).toBeVisible();
      await expect(chart.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
      const axes = await chart.evaluate((root) => {
        const stroke = (el: Element | null) => (el ? getComputedStyle(el).stroke : null);
        const series = {
          Visits: stroke(root.querySelector('.recharts-area-curve')),
          'New contacts': stroke(root.querySelector('.recharts-line-curve')),
        };
        // Recharts 3 draws ticks and labels in layers of their own, so they are told apart by
        // place: left of the left axis line, or right of the right one.
        const lines = [...root.querySelectorAll('.recharts-yAxis')].map(
          (axis) => axis.getBoundingClientRect().x,
        );
        const left = Math.min(...lines);
        const right = Math.max(...lines);
        const centre = (el: Element) => {
          const box = el.getBoundingClientRect();
          return box.x + box.width / 2;
        };
        const sideOf = (el: Element) => (centre(el) < left ? 'left' : centre(el) > right ? 'right' : null);
        return {
          series,
          axes: (['left', 'right'] as const).map((side) => {
            const label = [...root.querySelectorAll('.recharts-label')].find((el) => sideOf(el) === side);
            const ticks = [...root.querySelectorAll('.recharts-cartesian-axis-tick-value')].filter(
              (el) => sideOf(el) === side,
            );
            return {
              label: label?.textContent ?? null,
              labelFill: label ? getComputedStyle(label).fill : null,
              tickFills: [...new Set(ticks.map((tick) => getComputedStyle(tick).fill))],
            };
          }),
        };
      });
      expect(axes.axes.map((axis) => axis.label).sort()).toEqual(['New contacts', 'Visits']);
      for (const axis of axes.axes) {
        const stroke = axes.series[axis.label as keyof typeof axes.series];
        expect(stroke, `${axis.label} series colour`).toBeTruthy();
        expect(axis.labelFill, `${axis.label} label colour`).toBe(stroke);
        expect(axis.tickFills, `${axis.label} tick colour`).toEqual([stroke]);
      }
      await expectNothingClipped(page);
      await page.screenshot({ path: `${dir}/layout-dashboard-${width}.png`, fullPage: true });
    });
  });
}
