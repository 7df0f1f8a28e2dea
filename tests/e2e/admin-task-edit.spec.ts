/**
 * Tasks are editable after creation: the same dialog as 'Add Task' edits a contact's task (title,
 * description, priority, due date) and a client's task (no priority), filled with its values.
 */

import type { ClientTask } from '../../src/shared/clients.ts';
import type { ContactDetail } from '../../src/shared/contacts.ts';
import { adminApi, adminToasts, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { expect, test } from './support/test';

for (const width of [1280, 390]) {
  test(`the owner fixes a contact's task and a client's task (${width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInFast(page, baseURL!);
    const id = await createLead(page.request, baseURL!, {
      name: unique('Task Editor'),
      email: uniqueEmail('task.edit'),
      message: 'Hi',
    });
    const typo = unique('Cal bak');
    await adminApi(page, baseURL!, 'POST', '/api/admin/tasks', {
      contactId: id,
      title: typo,
      description: 'About teh quote',
      priority: 'low',
      dueAt: new Date(2027, 0, 15, 23, 59, 59, 999).toISOString(),
    });
    await page.goto(`/admin/contacts/${id}`);
    await page.getByRole('button', { name: `Edit task: ${typo}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Task' });
    await expect(dialog.getByLabel('Title')).toHaveValue(typo);
    await expect(dialog.getByLabel('Description (optional)')).toHaveValue('About teh quote');
    await expect(dialog.getByLabel('Priority')).toHaveValue('low');
    await expect(dialog.getByLabel('Due date (optional)')).toHaveValue('2027-01-15');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/task-edit-${width}.png` });

    // A blank title is refused where it is typed, and nothing is sent.
    await dialog.getByLabel('Title').fill('  ');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('Task title is required')).toBeVisible();

    const fixed = unique('Call back');
    await dialog.getByLabel('Title').fill(fixed);
    await dialog.getByLabel('Description (optional)').fill('About the quote\nand the timeline');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Due date (optional)').fill('2027-02-03');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(adminToasts(page).getByText('Task updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    const item = page.locator('li:not([aria-label^="Timeline"] li)').filter({ hasText: fixed });
    await expect(item).toContainText('and the timeline');
    await expect(item).toContainText('High');
    const detail = await adminApi<ContactDetail>(page, baseURL!, 'GET', `/api/admin/contacts/${id}`);
    expect(detail.tasks).toHaveLength(1);
    expect(detail.tasks[0]).toMatchObject({
      title: fixed,
      description: 'About the quote\nand the timeline',
      priority: 'high',
      status: 'pending',
    });
    const due = new Date(detail.tasks[0]!.dueAt!);
    expect([due.getFullYear(), due.getMonth() + 1, due.getDate()]).toEqual([2027, 2, 3]);

    // A client's task: the same dialog without priority; a cleared due date clears it.
    const clientName = unique('Edit Client Co');
    const client = await adminApi<{ id: number }>(page, baseURL!, 'POST', '/api/admin/clients', {
      name: clientName,
    });
    const clientTypo = unique('Lanch site');
    await adminApi(page, baseURL!, 'POST', `/api/admin/clients/${client.id}/tasks`, {
      title: clientTypo,
      dueAt: new Date(2027, 5, 1, 23, 59, 59, 999).toISOString(),
    });
    await page.goto('/admin/clients');
    await page.getByRole('button', { name: `Edit task ${clientTypo}` }).click();
    const clientDialog = page.getByRole('dialog', { name: 'Edit Task' });
    await expect(clientDialog.getByLabel('Priority')).toHaveCount(0);
    await expect(clientDialog.getByLabel('Due date (optional)')).toHaveValue('2027-06-01');
    const clientFixed = unique('Launch site');
    await clientDialog.getByLabel('Title').fill(clientFixed);
    await clientDialog.getByLabel('Due date (optional)').fill('');
    await clientDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(adminToasts(page).getByText('Task updated')).toBeVisible();
    await expect(page.getByText(clientFixed)).toBeVisible();
    const tasks = await adminApi<ClientTask[]>(
      page,
      baseURL!,
      'GET',
      `/api/admin/clients/${client.id}/tasks`,
    );
    expect(tasks).toMatchObject([{ title: clientFixed, dueAt: null, status: 'working' }]);
    await expectNoHorizontalScroll(page);
  });
}
