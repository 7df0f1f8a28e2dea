/**
 * The clients screen (docs/product.md §7.1): empty state, 'Add Client' with its validation,
 * client tasks (add, toggle per docs/product.md §7.2, delete with confirmation) and deleting a client.
 */

import type { Client, ClientTask } from '../../src/shared/clients.ts';
import { adminApi, adminToasts, signInFast } from './support/admin';
import { unique } from './support/helpers';
import { expect, test } from './support/test';

test('the admin adds a client, manages its tasks and deletes it', async ({ page, baseURL }) => {
  await signInFast(page, baseURL!);
  // Start from an empty list to see the empty state (clients made by other tests are theirs to lose).
  for (const client of await adminApi<Client[]>(page, baseURL!, 'GET', '/api/admin/clients')) {
    await adminApi(page, baseURL!, 'DELETE', `/api/admin/clients/${client.id}`);
  }
  await page.goto('/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manage Clients' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Contacts',
    'Pipeline',
    'Campaigns',
    'Credentials',
    'Site',
  ]);
  await expect(page.getByText('No clients yet. Click "Add Client" to get started.')).toBeVisible();

  // Add Client: the name is required (docs/product.md §7.1).
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Client' });
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(adminToasts(page).getByText('Missing name')).toBeVisible();
  await expect(adminToasts(page).getByText('Please enter a client name.')).toBeVisible();
  await expect(dialog.getByLabel('Name *')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');

  // A server failure toasts the spec's text (docs/product.md §7.1).
  const name = unique('Northwind Traders');
  await dialog.getByLabel('Name *').fill(name);
  await page.route('**/api/admin/clients', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { error: 'x' } })
      : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(adminToasts(page).getByText('Failed to add client.')).toBeVisible();
  await page.unroute('**/api/admin/clients');

  await dialog.getByLabel('Email').fill('ops@northwind.example');
  await dialog.getByLabel('Phone').fill('+1 555 0199');
  await dialog.getByLabel('Company').fill('Northwind Ltd');
  await dialog.getByLabel('Notes').fill('Monthly retainer.');
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(adminToasts(page).getByText('Client added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByRole('link', { name })).toHaveCount(0);
  for (const text of ['Northwind Ltd', 'ops@northwind.example', '+1 555 0199', 'Monthly retainer.']) {
    await expect(card.getByText(text)).toBeVisible();
  }
  await expect(page.getByText('No clients yet. Click "Add Client" to get started.')).toHaveCount(0);

  // Client tasks.
  await expect(card.getByText('No tasks yet')).toBeVisible();
  await card.getByRole('button', { name: 'Add Task' }).click();
  const taskDialog = page.getByRole('dialog', { name: 'Add Task' });
  await taskDialog.getByRole('button', { name: 'Add Task' }).click();
  await expect(adminToasts(page).getByText('Missing information')).toBeVisible();
  await expect(adminToasts(page).getByText('Please enter a task title.')).toBeVisible();
  await taskDialog.getByLabel('Title').fill('Send the invoice');
  await taskDialog.getByLabel('Description (optional)').fill('For March.');
  await taskDialog.getByRole('button', { name: 'Add Task' }).click();
  await expect(adminToasts(page).getByText('Task added')).toBeVisible();
  await expect(card.getByText('For March.')).toBeVisible();
  await expect(card.getByText('No tasks yet')).toHaveCount(0);

  const clientId = (await adminApi<Client[]>(page, baseURL!, 'GET', '/api/admin/clients')).find(
    (c) => c.name === name,
  )!.id;
  const taskState = async () =>
    (await adminApi<ClientTask[]>(page, baseURL!, 'GET', `/api/admin/clients/${clientId}/tasks`))[0]!;

  // Toggling (docs/product.md §7.2): working → done with completedAt now; done → working with completedAt
  // emptied.
  const checkbox = card.getByRole('checkbox', { name: 'Send the invoice' });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  await expect(checkbox).toBeChecked();
  await expect.poll(async () => (await taskState()).status).toBe('done');
  expect((await taskState()).completedAt).not.toBeNull();
  await checkbox.uncheck();
  await expect(checkbox).not.toBeChecked();
  await expect.poll(async () => (await taskState()).status).toBe('working');
  expect((await taskState()).completedAt).toBeNull();

  // Deleting a task asks first; Cancel keeps it.
  await card.getByRole('button', { name: 'Delete task Send the invoice' }).click();
  let confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this task?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(checkbox).toBeVisible();
  await card.getByRole('button', { name: 'Delete task Send the invoice' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(adminToasts(page).getByText('Task deleted')).toBeVisible();
  await expect(card.getByText('No tasks yet')).toBeVisible();

  await card.getByRole('button', { name: `Delete client ${name}` }).click();
  confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete this client? All associated tasks will also be deleted.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(adminToasts(page).getByText('Client deleted')).toBeVisible();
  await expect(page.getByText('No clients yet. Click "Add Client" to get started.')).toBeVisible();
});
