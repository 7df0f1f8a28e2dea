/**
 * A contact's lifecycle beyond the form (docs/personal-data.md): 'Export data' downloads one JSON
 * file of everything held about the person, and 'Delete contact' in the Danger Zone asks
 * 'Delete this contact?' and erases it. At 1280 and 390 px, with screenshots in
 * test-results/screenshots/.
 */
import fs from 'node:fs';
import { adminApi, adminToasts, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, settled, unique, uniqueEmail } from './support/helpers';
import { expect, test } from './support/test';

const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
] as const;
const dir = 'test-results/screenshots';

for (const { label, width, height } of widths) {
  test.describe(`contact lifecycle ${label} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('add a contact by hand; an existing address links to its contact', async ({ page, baseURL }) => {
      const name = unique('Phone Lead');
      const email = uniqueEmail('phone.lead');
      await signInFast(page, baseURL!);
      await page.goto('/admin/contacts');
      await page.getByRole('button', { name: 'Add Contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Contact' });
      await dialog.getByLabel('Name *').fill(name);
      await dialog.getByLabel('Email *').fill(email);
      await dialog.getByLabel('Phone').fill('+1 555 010 7788');
      await dialog.getByLabel('Company').fill('Harbour Bakery');
      await dialog.getByLabel('Status').selectOption('contacted');
      await dialog.getByLabel('Hot lead').check();
      await dialog.getByLabel('Notes').fill('Called about a booking page.');
      await settled(page);
      await page.screenshot({ path: `${dir}/admin-add-contact-${width}.png` });
      await expectNoHorizontalScroll(page);
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await expect(dialog).toBeHidden();
      await expect(adminToasts(page).getByText('Contact added')).toBeVisible();

      // It is on the list; its detail says 'Added by hand' instead of an original message.
      await page
        .getByRole('link', { name: new RegExp(name) })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Added by hand' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Original Message' })).toHaveCount(0);
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Contacted');
      await expect(page.getByText('Called about a booking page.')).toBeVisible();
      const contactUrl = page.url();

      // The same address in capitals is refused with a link to that contact.
      await page.goto('/admin/contacts');
      await page.getByRole('button', { name: 'Add Contact' }).click();
      await dialog.getByLabel('Name *').fill('Someone Else');
      await dialog.getByLabel('Email *').fill(email.toUpperCase());
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await expect(dialog.getByRole('alert')).toContainText(
        'A contact with this email address already exists.',
      );
      await page.screenshot({ path: `${dir}/admin-add-contact-exists-${width}.png` });
      await dialog.getByRole('link', { name: 'Open the existing contact' }).click();
      await expect(page).toHaveURL(contactUrl);
    });

    test('import a CSV with the mapping and the preview', async ({ page, baseURL }) => {
      const tag = unique('Fair').replace(/\s+/g, '-');
      const first = unique('Imported Ines');
      const email = uniqueEmail('ines.import');
      const csv =
        '\uFEFFFull Name;E-mail;Mobile;Organisation;Labels;Shoe size\n' +
        `${first};${email};+351 21 000 0000;"Lisbon; Tiles";${tag};42\n` +
        `${unique('Second Person')};${uniqueEmail('second.import')};;;;\n` +
        'No Address;;;;;\n' +
        'Wrong;not-an-address;;;;\n';
      await signInFast(page, baseURL!);
      await page.goto('/admin/contacts');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import CSV' });
      await dialog.getByLabel('CSV file').setInputFiles({
        name: 'fair-leads.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      const preview = dialog.getByRole('region', { name: 'Preview' });
      await expect(preview).toContainText('2 new contacts to create');
      await expect(preview).toContainText('2 invalid rows');
      await expect(dialog.getByRole('list', { name: 'Invalid rows' })).toContainText(
        'Row 4: No email address.',
      );
      await expect(dialog.getByRole('list', { name: 'Invalid rows' })).toContainText(
        'Row 5: Not a valid email address.',
      );
      // Guessed from the headers; the owner maps the labels to nothing, and the preview follows.
      await expect(dialog.getByLabel('E-mail')).toHaveValue('email');
      await expect(dialog.getByLabel('Organisation')).toHaveValue('company');
      await expect(dialog.getByLabel('Shoe size')).toHaveValue('ignore');
      await dialog.getByLabel('Labels').selectOption('ignore');
      await dialog.getByLabel('E-mail').selectOption('ignore');
      await expect(dialog.getByRole('alert')).toContainText('No column holds email addresses');
      await dialog.getByLabel('CSV file').setInputFiles({
        name: 'fair-leads.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await expect(preview).toContainText('2 new contacts to create');
      await dialog.getByLabel('These people agreed to receive email from us').check();
      await settled(page);
      await page.screenshot({ path: `${dir}/admin-import-preview-${width}.png` });
      await expectNoHorizontalScroll(page);
      await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
      await expect(adminToasts(page).getByText('2 created, 0 merged, 2 invalid.')).toBeVisible();
      await expect(dialog).toBeHidden();
      // Imported people are not leads: the list shows them under 'Imported' (decision 058).
      await expect(page.getByRole('link', { name: new RegExp(first) })).toHaveCount(0);
      await page.getByRole('button', { name: 'Imported', exact: true }).click();
      await page
        .getByRole('link', { name: new RegExp(first) })
        .first()
        .click();
      await expect(page.getByText('Lisbon; Tiles')).toBeVisible();
      await expect(page.getByText('+351 21 000 0000')).toBeVisible();
      await expect(page.getByText(/^Imported .+ from fair-leads\.csv$/)).toBeVisible();
    });

    test('export data, then delete with its confirmation', async ({ page, request, baseURL }) => {
      const name = unique('Erase Me');
      const email = uniqueEmail('erase.me');
      const id = await createLead(request, baseURL!, {
        name,
        email,
        message: 'Please forget me afterwards.',
      });
      await signInFast(page, baseURL!);
      await adminApi(page, baseURL!, 'PATCH', `/api/admin/contacts/${id}`, { notes: 'Asked for erasure' });
      await page.goto(`/admin/contacts/${id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

      // Export data: one JSON file with the contact, its notes and its first message.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export data' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^contact-${id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
      const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
      expect(exported.contact).toMatchObject({ name, email, notes: 'Asked for erasure', origin: 'form' });

      // The Danger Zone; Cancel keeps the contact.
      const danger = page.getByRole('heading', { name: 'Danger Zone' });
      await danger.scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Delete contact' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete this contact?' });
      await expect(dialog).toContainText(
        'This erases the contact and every message, task, note and campaign record about them. This action cannot be undone.',
      );
      await settled(page);
      await page.screenshot({ path: `${dir}/admin-delete-contact-${width}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await page.screenshot({ path: `${dir}/admin-contact-danger-zone-${width}.png`, fullPage: true });
      await expectNoHorizontalScroll(page);

      await page.getByRole('button', { name: 'Delete contact' }).click();
      await dialog.getByRole('button', { name: 'Delete contact' }).click();
      await expect(page).toHaveURL(/\/admin\/contacts$/);
      await expect(adminToasts(page).getByText('Contact deleted')).toBeVisible();
      const gone = await page.request.get(`/api/admin/contacts/${id}`);
      expect(gone.status()).toBe(404);
    });

    test('a converted contact says its client record stays', async ({ page, request, baseURL }) => {
      const id = await createLead(request, baseURL!, {
        name: unique('Client Keeps'),
        email: uniqueEmail('client.keeps'),
        message: 'Convert me.',
      });
      await signInFast(page, baseURL!);
      await adminApi(page, baseURL!, 'POST', `/api/admin/contacts/${id}/convert-to-client`);
      await page.goto(`/admin/contacts/${id}`);
      await page.getByRole('button', { name: 'Delete contact' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete this contact?' })).toContainText(
        'The client made from this contact keeps its own record on the Clients screen.',
      );
      if (label === 'desktop') await page.screenshot({ path: `${dir}/admin-delete-converted-contact.png` });
    });
  });
}
