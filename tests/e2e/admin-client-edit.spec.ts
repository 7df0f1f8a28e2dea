/**
 * 'Edit Client' on a client card: the dialog opens with the client's values, validates like Add
 * Client, saves every field (blank optional fields are cleared) and opens again on the new values.
 */

import type { Client } from '../../src/shared/clients.ts';
import { adminApi, adminToasts, expectNoHorizontalScroll, signInFast } from './support/admin';
import { unique } from './support/helpers';
import { expect, test } from './support/test';

for (const width of [1280, 390]) {
  test(`the owner fixes a typo in a client (${width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInFast(page, baseURL!);
    const name = unique('Nortwind');
    const created = await adminApi<Client>(page, baseURL!, 'POST', '/api/admin/clients', {
      name,
      email: 'ops@nortwind.example',
      phone: '555-0100',
      company: 'Nortwind',
      notes: 'First call.',
    });
    await page.goto(`/admin/clients#client-${created.id}`);
    await page.getByRole('button', { name: `Edit client ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Client' });
    await expect(dialog.getByLabel('Name *')).toHaveValue(name);
    await expect(dialog.getByLabel('Email')).toHaveValue('ops@nortwind.example');
    await expect(dialog.getByLabel('Notes')).toHaveValue('First call.');

    await dialog.getByLabel('Name *').fill('  ');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(adminToasts(page).getByText('Please enter a client name.')).toBeVisible();

    const fixed = name.replace('Nortwind', 'Northwind');
    await dialog.getByLabel('Name *').fill(fixed);
    await dialog.getByLabel('Email').fill('ops@northwind.example');
    await dialog.getByLabel('Phone').fill('');
    await dialog.getByLabel('Company').fill('Northwind Traders');
    await dialog.getByLabel('Notes').fill('First call.\nSecond call: wants a shop.');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/edit-client-${width}.png` });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(adminToasts(page).getByText('Client updated')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.locator(`#client-${created.id}`);
    await expect(card.getByRole('heading', { name: fixed })).toBeVisible();
    await expect(card).toContainText('Northwind Traders');
    await expect(card).toContainText('ops@northwind.example');
    await expect(card).not.toContainText('555-0100');
    const saved = (await adminApi<Client[]>(page, baseURL!, 'GET', '/api/admin/clients')).find(
      (c) => c.id === created.id,
    )!;
    expect(saved).toMatchObject({
      name: fixed,
      email: 'ops@northwind.example',
      phone: null,
      company: 'Northwind Traders',
      notes: 'First call.\nSecond call: wants a shop.',
    });

    // Opened again: the new values, not the ones the dialog first showed.
    await card.getByRole('button', { name: `Edit client ${fixed}` }).click();
    await expect(dialog.getByLabel('Name *')).toHaveValue(fixed);
    await expect(dialog.getByLabel('Phone')).toHaveValue('');
    await page.keyboard.press('Escape');
  });
}
