/** The admin area, first cut (docs/product.md §2.2): demo sign-in, guard, dashboard, contact list, logout. */

import { contactItems } from './support/admin';
import {
  createLead,
  expectMessageSent,
  fillContactForm,
  gotoLanding,
  signInAsDemoAdmin,
  toasts,
  unique,
  uniqueEmail,
} from './support/helpers';
import { expect, test } from './support/test';

test('the admin signs in with the test button and finds a lead sent through the form', async ({ page }) => {
  // A visitor's form (with its proof of work) and then the owner's sign-in and search: 26 s on a
  // slow two-core machine (decision 053).
  test.slow();
  const name = unique('Form Lead');
  const email = uniqueEmail('form.lead');
  await gotoLanding(page);
  await fillContactForm(page.locator('#contact'), {
    name,
    email,
    phone: '(555) 123-4567',
    message: 'Please call me about a shop redesign.',
  });
  await page.locator('#contact').getByRole('button', { name: 'Send Message' }).click();
  await expectMessageSent(page);

  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText(/Demo mode/)).toBeVisible();
  await page.getByRole('button', { name: 'Login as Admin (Test)' }).click();
  await expect(toasts(page).getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Demo mode')).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  const card = contactItems(page).filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText(email)).toBeVisible();
  await expect(card.getByText('(555) 123-4567')).toBeVisible();
  await expect(card.getByText('Please call me about a shop redesign.')).toBeVisible();
  await expect(card.getByText('new', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name })).toHaveAttribute('href', /^\/admin\/contacts\/\d+$/);
});

test('search and the status filter narrow the contact list', async ({ page, request, baseURL }) => {
  const word = `zebra${Date.now()}`;
  const matching = unique('Search Lead');
  const other = unique('Other Lead');
  await createLead(request, baseURL!, {
    name: matching,
    email: 'search.lead@example.com',
    message: `Looking for help with the ${word} project.`,
  });
  await createLead(request, baseURL!, {
    name: other,
    email: 'other.lead@example.com',
    message: 'A booking site for a bakery.',
  });

  await signInAsDemoAdmin(page);
  await page.goto('/admin/contacts');
  const cards = contactItems(page);
  await expect(cards.filter({ hasText: matching })).toBeVisible();
  await expect(cards.filter({ hasText: other })).toBeVisible();

  const status = page.getByLabel('Status');
  await expect(status).toHaveValue('all');
  const search = page.getByPlaceholder('Search contacts...');
  await search.fill(word.toUpperCase());
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(matching);

  // This lead is still 'new' (other tests change the status of their own leads only).
  await status.selectOption({ label: 'Contacted' });
  await expect(page.getByText('No contacts found')).toBeVisible();
  await expect(cards).toHaveCount(0);
  await status.selectOption({ label: 'New' });
  await expect(cards.filter({ hasText: matching })).toBeVisible();
  await status.selectOption({ label: 'All Status' });
  await expect(cards).toHaveCount(1);

  await search.fill(`nothing-like-${word}`);
  await expect(page.getByText('No contacts found')).toBeVisible();
});

test('a signed-out visit to the contacts ends on the login page', async ({ page }) => {
  await page.goto('/admin/contacts');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('logout returns to the login page and locks the admin screens again', async ({ page }) => {
  await signInAsDemoAdmin(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('wrong credentials show an error toast', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill('nobody');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const toast = toasts(page).getByRole('listitem').filter({ hasText: 'Invalid credentials' });
  await expect(toast).toBeVisible();
  await expect(toast.getByText('Error', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
