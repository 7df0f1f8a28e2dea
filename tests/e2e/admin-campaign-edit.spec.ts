/** A draft campaign is editable: 'Edit' on its card opens Create Campaign's dialog filled with it. */

import type { Campaign } from '../../src/shared/campaigns.ts';
import { adminApi, adminToasts, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { expect, test } from './support/test';

for (const width of [1280, 390]) {
  test(`the owner fixes a draft's name, subject and content; a sent one has no Edit (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInFast(page, baseURL!);
    const name = unique('Sprng offer');
    const draft = await adminApi<Campaign>(page, baseURL!, 'POST', '/api/admin/campaigns', {
      name,
      subject: 'Helo',
      htmlContent: '<p>Old text</p>',
    });
    await page.goto('/admin/campaigns');
    await page.getByRole('button', { name: `Edit campaign ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Campaign' });
    await expect(dialog.getByLabel('Campaign Name')).toHaveValue(name);
    await expect(dialog.getByLabel('Email Subject')).toHaveValue('Helo');
    await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/screenshots/campaign-edit-${width}.png` });

    const fixed = unique('Spring offer');
    await dialog.getByLabel('Campaign Name').fill(fixed);
    await dialog.getByLabel('Email Subject').fill('Hello {{firstName}}');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(adminToasts(page).getByText('Campaign updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: fixed })).toBeVisible();
    const list = await adminApi<Campaign[]>(page, baseURL!, 'GET', '/api/admin/campaigns');
    expect(list.find((c) => c.id === draft.id)).toMatchObject({
      name: fixed,
      subject: 'Hello {{firstName}}',
      htmlContent: '<p>Old text</p>',
      status: 'draft',
    });

    // Once sent, the card offers no Edit (the server refuses one: API suite).
    const reader = await createLead(page.request, baseURL!, {
      name: unique('Draft Reader'),
      email: uniqueEmail('draft.reader'),
      message: 'Hi',
    });
    await adminApi(page, baseURL!, 'POST', `/api/admin/campaigns/${draft.id}/send`, {
      recipientIds: [reader],
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: fixed })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit campaign ${fixed}` })).toHaveCount(0);
  });
}
