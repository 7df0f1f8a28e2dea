/** The public contact form (docs/product.md §3.5): card version and dialog version. */

import {
  contactFields,
  expectMessageSent,
  fillContactForm,
  gotoLanding,
  toasts,
  unique,
} from './support/helpers';
import { expect, test } from './support/test';

test('a visitor sends the contact card form and sees it reset', async ({ page }) => {
  await gotoLanding(page);
  const card = page.locator('#contact');
  await expect(card.getByRole('heading', { name: "Let's build what's next" })).toBeVisible();
  const fields = contactFields(card);
  await expect(fields.phone).toHaveAttribute('placeholder', '(123) 456-7890');

  // Hold the request a moment so the submitting state can be seen.
  await page.route('**/api/contact', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await fillContactForm(card, {
    name: unique('Card Visitor'),
    email: 'card.visitor@example.com',
    phone: '(555) 010-2030',
    message: 'We need a new website with online booking.',
    preferTextAndCall: true,
  });
  await fields.submit.click();
  await expect(card.getByRole('button', { name: 'Sending...' })).toBeDisabled();

  await expectMessageSent(page);
  await expect(toasts(page).getByText("Thanks for reaching out. We'll get back to you soon.")).toBeVisible();
  await expect(fields.name).toHaveValue('');
  await expect(fields.email).toHaveValue('');
  await expect(fields.phone).toHaveValue('');
  await expect(fields.message).toHaveValue('');
  await expect(fields.preferTextAndCall).not.toBeChecked();
  await expect(fields.submit).toHaveText('Send Message');
  await expect(fields.submit).toBeEnabled();
});

test('a refused submission keeps the values and shows the server reason', async ({ page }) => {
  await gotoLanding(page);
  const card = page.locator('#contact');
  const fields = contactFields(card);
  // Passes the browser's checks (no length bounds client-side, docs/product.md §3.5); the server refuses it.
  const longName = 'N'.repeat(250);
  await fillContactForm(card, {
    name: longName,
    email: 'too.long@example.com',
    message: 'This one should be refused.',
  });
  await fields.submit.click();

  const toast = toasts(page)
    .getByRole('listitem')
    .filter({ hasText: 'Name must be at most 200 characters.' });
  await expect(toast).toBeVisible();
  await expect(toast.getByText('Error', { exact: true })).toBeVisible();
  await expect(toast).toHaveClass(/destructive/);
  await expect(fields.name).toHaveValue(longName);
  await expect(fields.email).toHaveValue('too.long@example.com');
  await expect(fields.message).toHaveValue('This one should be refused.');
  await expect(fields.submit).toBeEnabled();
});

test("the 'Start a project' dialog sends, closes and moves to the current projects", async ({ page }) => {
  await gotoLanding(page);
  await page.getByRole('button', { name: 'Start a project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a project' });
  await expect(dialog).toBeVisible();

  await fillContactForm(dialog, {
    name: unique('Dialog Visitor'),
    email: 'dialog.visitor@example.com',
    message: 'An AI workflow for our intake forms.',
  });
  await contactFields(dialog).submit.click();

  await expectMessageSent(page);
  await expect(dialog).toBeHidden();
  const projects = page.locator('#current-projects');
  await expect(projects).toBeInViewport();
  // The smooth scroll ends with the section's top just under the fixed header.
  await expect
    .poll(() => projects.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThanOrEqual(80);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(projects).toBeFocused();
});

test("'Explore services' scrolls to the services", async ({ page }) => {
  await gotoLanding(page);
  await page.getByRole('button', { name: 'Explore services' }).click();
  const services = page.locator('#services');
  await expect
    .poll(() => services.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeLessThanOrEqual(80);
  for (const title of [
    'Website Design & Build',
    'Custom App Development',
    'AI-Powered Workflows',
    'Small-Business Support',
    'Rapid Prototyping',
    'Maintenance & Growth',
  ]) {
    await expect(services.getByRole('heading', { name: title })).toBeVisible();
  }
});
