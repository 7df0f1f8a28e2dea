/** A contact's follow-up task can be deleted from the contact detail, after a confirmation. */

import type { ContactDetail } from '../../src/shared/contacts.ts';
import { adminApi, adminToasts, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { expect, test } from './support/test';

for (const width of [1280, 390]) {
  test(`the owner deletes a wrong task; Cancel keeps it (${width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInFast(page, baseURL!);
    const id = await createLead(page.request, baseURL!, {
      name: unique('Task Owner'),
      email: uniqueEmail('task.delete'),
      message: 'Hi',
    });
    const title = unique('Call the wrong person');
    await adminApi(page, baseURL!, 'POST', '/api/admin/tasks', { contactId: id, title });
    await page.goto(`/admin/contacts/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const del = page.getByRole('button', { name: `Delete task: ${title}` });
    await del.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete task' });
    await expect(confirm).toContainText(`Delete the task '${title}'?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('li:not([aria-label^="Timeline"] li)').filter({ hasText: title })).toHaveCount(
      1,
    );
    await del.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/task-delete-${width}.png` });

    await del.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(adminToasts(page).getByText('Task deleted')).toBeVisible();
    await expect(page.locator('li:not([aria-label^="Timeline"] li)').filter({ hasText: title })).toHaveCount(
      0,
    );
    await expect(page.getByText('No follow-up tasks')).toBeVisible();
    const detail = await adminApi<ContactDetail>(page, baseURL!, 'GET', `/api/admin/contacts/${id}`);
    expect(detail.tasks).toEqual([]);
  });
}
