/**
 * 'Import CSV' with a Google Contacts export (docs/product.md, contacts import): the file shaped as
 * Google writes it (36 columns, ' ::: ' cells, '* myContacts' labels) through the real dialog.
 * The dialog says which export it recognised, shows the counts and the Import button before the
 * columns, lists only the mapped columns and folds the others under 'N other columns ignored',
 * which a keyboard opens to map one of them. At 1280 and 390 px, screenshots in
 * test-results/screenshots/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Contact } from '../../src/shared/contacts';
import { adminApi, adminToasts, expectNoHorizontalScroll, signInFast } from './support/admin';
import { settled } from './support/helpers';
import { expect, test } from './support/test';

const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
] as const;
const dir = 'test-results/screenshots';
const google = fs.readFileSync(
  path.join(import.meta.dirname, '..', 'api', 'fixtures', 'contact-import', 'google-contacts.csv'),
  'utf8',
);

for (const { label, width, height } of widths) {
  test.describe(`contact import formats ${label} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('a Google Contacts export: recognised, counts and Import first, other columns folded', async ({
      page,
      baseURL,
    }) => {
      // Three readings of a 36-column file and the import: more than a click-through on a busy machine.
      test.slow();
      // Addresses of this run only: one contact per address, and other tests share the server.
      const run = `g${width}x${Date.now()}`;
      const csv = google.replaceAll('@', `@${run}.`);
      await signInFast(page, baseURL!);
      await page.goto('/admin/contacts');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import CSV' });
      await dialog.getByLabel('CSV file').setInputFiles({
        name: 'contacts.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await expect(dialog.getByText('Recognised: Google Contacts export')).toBeVisible();
      const preview = dialog.getByRole('region', { name: 'Preview' });
      await expect(preview).toContainText('4 new contacts to create');
      await expect(preview).toContainText('1 invalid rows');
      await expect(dialog.getByRole('list', { name: 'Invalid rows' })).toContainText(
        'Row 6: No email address.',
      );

      // The counts and the Import button come before the columns.
      const importButton = dialog.getByRole('button', { name: 'Import 4 rows' });
      const columns = dialog.getByRole('group', { name: 'Columns' });
      const [previewBox, buttonBox, columnsBox] = await Promise.all(
        [preview, importButton, columns].map((l) => l.boundingBox()),
      );
      expect(previewBox!.y).toBeLessThan(buttonBox!.y);
      expect(buttonBox!.y).toBeLessThan(columnsBox!.y);

      // The ten mapped columns are shown; the other 26 are folded.
      await expect(columns.locator('select')).toHaveCount(36);
      await expect(columns.locator('select').filter({ visible: true })).toHaveCount(10);
      await expect(dialog.getByLabel('E-mail 1 - Value', { exact: true })).toHaveValue('email');
      await expect(dialog.getByLabel('E-mail 2 - Value', { exact: true })).toHaveValue('otherEmail');
      await expect(dialog.getByLabel('Middle Name', { exact: true })).toHaveValue('middleName');
      await expect(dialog.getByLabel('Labels', { exact: true })).toHaveValue('tags');
      const folded = dialog.getByText('26 other columns ignored');
      await expect(folded).toBeVisible();
      await expect(dialog.getByLabel('Organization Title', { exact: true })).toBeHidden();
      await settled(page);
      await page.screenshot({ path: `${dir}/admin-import-google-${width}.png` });
      await expectNoHorizontalScroll(page);

      // Opened from the keyboard, one of them mapped to the notes; it stays where it is.
      await folded.focus();
      await page.keyboard.press('Enter');
      const title = dialog.getByLabel('Organization Title', { exact: true });
      await expect(title).toBeVisible();
      await title.focus();
      await title.selectOption('notes');
      await expect(dialog.getByText('25 other columns ignored')).toBeVisible();
      await expect(title).toHaveValue('notes');
      await expect(title).toBeVisible();
      await expect(preview).toContainText('4 new contacts to create');
      await dialog.getByText('25 other columns ignored').scrollIntoViewIfNeeded();
      await settled(page);
      await page.screenshot({ path: `${dir}/admin-import-google-columns-${width}.png` });
      await expectNoHorizontalScroll(page);

      await importButton.click();
      await expect(adminToasts(page).getByText('4 created, 0 merged, 1 invalid.')).toBeVisible();
      await expect(dialog).toBeHidden();

      const [juergen] = await adminApi<Contact[]>(
        page,
        baseURL!,
        'GET',
        `/api/admin/contacts?view=all&q=${encodeURIComponent(`juergen@${run}.mueller-baeckerei.example`)}`,
      );
      expect(juergen).toMatchObject({
        name: 'Jürgen Müller-Lüdenscheidt',
        phone: '+49 171 2345678',
        company: 'Müller Bäckerei GmbH',
        notes: `Met at the Berlin fair 🥨\nWants a new online shop\nOrganization Title: Inhaber\nOther email: j.mueller@${run}.home.example\nOther phone: +49 30 1234567`,
      });
      expect(juergen!.tags!.map((t) => t.name)).toEqual(['Clients']);
      const tags = await adminApi<{ name: string }[]>(page, baseURL!, 'GET', '/api/admin/tags');
      expect(
        tags.map((t) => t.name).filter((n) => n.startsWith('*') || /mycontacts|starred/i.test(n)),
      ).toEqual([]);
    });
  });
}
