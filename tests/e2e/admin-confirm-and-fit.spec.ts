/**
 * 'Turn into Client' asks first and a refusal says why (docs/product.md §6.7: a second
 * conversion answers 409); the Create Campaign dialog fits a 1280×800 screen with its main button
 * in view while its fields scroll inside it.
 */

import type { Client } from '../../src/shared/clients.ts';
import type { ContactDetail } from '../../src/shared/contacts.ts';
import { adminApi, adminToasts, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { expect, test } from './support/test';

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("'Turn into Client' asks first; Cancel converts nothing; a 409 toasts the server's reason", async ({
      page,
      baseURL,
    }) => {
      await signInFast(page, baseURL!);
      const name = unique('Convert Ask');
      const id = await createLead(page.request, baseURL!, {
        name,
        email: uniqueEmail('convert.ask'),
        message: 'Hi',
      });
      await page.goto(`/admin/contacts/${id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

      await page.getByRole('button', { name: 'Turn into Client' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Turn into Client?' });
      await expect(confirm).toContainText(
        `This creates a client from ${name} and marks the contact as converted.`,
      );
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/turn-into-client-confirm-${width}.png` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      const clients = await adminApi<Client[]>(page, baseURL!, 'GET', '/api/admin/clients');
      expect(clients.some((c) => c.name === name)).toBe(false);
      const kept = await adminApi<ContactDetail>(page, baseURL!, 'GET', `/api/admin/contacts/${id}`);
      expect(kept.contact.status).toBe('new');

      // Converted elsewhere (another tab) while this page still offers the button: the server
      // refuses with 409 and the toast says why instead of a generic failure.
      await adminApi(page, baseURL!, 'POST', `/api/admin/contacts/${id}/convert-to-client`);
      await page.getByRole('button', { name: 'Turn into Client' }).click();
      await confirm.getByRole('button', { name: 'Turn into Client' }).click();
      await expect(adminToasts(page).getByText('This contact is already a client.')).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/turn-into-client-409-${width}.png` });
      const after = await adminApi<Client[]>(page, baseURL!, 'GET', '/api/admin/clients');
      expect(after.filter((c) => c.name === name)).toHaveLength(1);
    });

    test('a confirmed Turn into Client creates the client and hides the button', async ({
      page,
      baseURL,
    }) => {
      await signInFast(page, baseURL!);
      const name = unique('Convert Yes');
      const id = await createLead(page.request, baseURL!, {
        name,
        email: uniqueEmail('convert.yes'),
        message: 'Hi',
      });
      await page.goto(`/admin/contacts/${id}`);
      await page.getByRole('button', { name: 'Turn into Client' }).click();
      await page
        .getByRole('alertdialog', { name: 'Turn into Client?' })
        .getByRole('button', { name: 'Turn into Client' })
        .click();
      await expect(adminToasts(page).getByText('Client created')).toBeVisible();
      await expect(page.getByText('converted', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Turn into Client' })).toHaveCount(0);
    });

    test('Create Campaign keeps its main button in view while the fields scroll inside the dialog', async ({
      page,
      baseURL,
    }) => {
      await signInFast(page, baseURL!);
      // Enough contacts to fill the recipient list.
      const prefix = unique('Fit');
      for (let i = 0; i < 8; i++) {
        await createLead(page.request, baseURL!, {
          name: `${prefix} ${i}`,
          email: uniqueEmail('fit'),
          message: 'Hi',
        });
      }
      await page.goto('/admin/campaigns');
      await page.getByRole('button', { name: 'Create Campaign' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
      await expect(dialog).toBeVisible();
      const submit = dialog.getByRole('button', { name: 'Create Campaign' });
      await expect(submit).toBeInViewport({ ratio: 1 });
      const box = (await dialog.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/create-campaign-${width}.png` });

      // A long email: the fields scroll, the buttons stay.
      await dialog.getByLabel('Campaign Name').fill(unique('Fit campaign'));
      await dialog.getByLabel('Email Subject').fill('Hello');
      await dialog
        .getByLabel(/Email Content/)
        .fill(Array.from({ length: 60 }, (_, i) => `Line ${i}`).join('\n'));
      await dialog.evaluate((element) => element.scrollTo({ top: element.scrollHeight / 2 }));
      await expect.poll(() => dialog.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
      await expect(submit).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `test-results/screenshots/create-campaign-scrolled-${width}.png` });
    });
  });
}
