/**
 * The contact's fields and origin in the browser (decision 058): Edit on the contact detail
 * (name, email, phone, company → Save → toast, shown), a taken address refused with a link to the
 * other contact and an offer to merge into it, and the list's Leads / Imported / All switch that
 * keeps imported people from pushing a form lead off the page. Shoots each screen at 1280 and
 * 390 px into test-results/screenshots/ (not committed), asserting no sideways scroll.
 */
import {
  adminApi,
  adminToasts,
  contactItems,
  expectNoHorizontalScroll,
  sameOrigin,
  signInFast,
  watchPageErrors,
} from './support/admin';
import { createLead, settled, unique, uniqueEmail } from './support/helpers';
import { expect, type Page, test } from './support/test';

const shots = 'test-results/screenshots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Shoots the page at 1280 and 390 px, asserting no sideways scroll at each, then goes back to the
 * test's own size.
 */
async function shootBoth(page: Page, name: string) {
  const own = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await settled(page);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(own);
}

// Each flow is clicked through on a wide screen and on a phone.
for (const size of [DESKTOP, PHONE]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('Edit changes name, email, phone and company; a taken address offers the other contact and a merge', async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const problems = watchPageErrors(page);
      const id = await createLead(request, baseURL!, {
        name: unique('Edit Me'),
        email: uniqueEmail('edit.me'),
        message: 'We need a booking page for the studio.',
      });
      await signInFast(page, baseURL!);
      const takenEmail = uniqueEmail('taken.address');
      const taken = await adminApi<{ id: number }>(page, baseURL!, 'POST', '/api/admin/contacts', {
        name: unique('Already Here'),
        email: takenEmail,
      });
      await page.goto(`/admin/contacts/${id}`);

      await page.getByRole('button', { name: 'Edit contact' }).click();
      const form = page.getByRole('form', { name: 'Edit contact' });
      const newName = unique('مريم Zoë 🦄');
      const newEmail = uniqueEmail('edited.address');
      await form.getByRole('textbox', { name: 'Name *' }).fill(newName);
      await form.getByRole('textbox', { name: 'Email *' }).fill('not-an-address');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
      await form.getByRole('textbox', { name: 'Email *' }).fill(newEmail);
      await form.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0000');
      await form.getByRole('textbox', { name: 'Company' }).fill('Studio Nord & Söhne');
      await shootBoth(page, 'contact-edit-form');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(adminToasts(page).getByText('Contact updated')).toBeVisible();
      await expect(form).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
      await expect(page.getByRole('link', { name: newEmail })).toHaveAttribute('href', `mailto:${newEmail}`);
      await expect(page.getByRole('link', { name: '+44 20 7946 0000' })).toBeVisible();
      await expect(page.getByText('Studio Nord & Söhne')).toBeVisible();
      await expect(page.getByText('Contact form', { exact: true })).toBeVisible();
      await page.reload();
      await expect(page.getByText('Studio Nord & Söhne')).toBeVisible();

      // Cancel leaves everything as it was.
      await page.getByRole('button', { name: 'Edit contact' }).click();
      await form.getByRole('textbox', { name: 'Company' }).fill('Not saved');
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByText('Studio Nord & Söhne')).toBeVisible();

      // A taken address: refused, with a link to the contact that has it and an offer to merge.
      await page.getByRole('button', { name: 'Edit contact' }).click();
      await form.getByRole('textbox', { name: 'Email *' }).fill(takenEmail.toUpperCase());
      await form.getByRole('button', { name: 'Save' }).click();
      const alert = form.getByRole('alert');
      await expect(alert).toContainText('Another contact has this email address.');
      await expect(alert.getByRole('link', { name: 'Open the existing contact' })).toHaveAttribute(
        'href',
        `/admin/contacts/${taken.id}`,
      );
      await shootBoth(page, 'contact-edit-taken-address');
      await alert.getByRole('button', { name: 'Merge into it' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Merge into the existing contact?' });
      await expect(confirm).toContainText('is deleted');
      await confirm.getByRole('button', { name: 'Merge' }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/contacts/${taken.id}$`));
      await expect(adminToasts(page).getByText('Contacts merged')).toBeVisible();
      // The kept contact took the edited one's company and its form message.
      await expect(page.getByText('Studio Nord & Söhne')).toBeVisible();
      await expect(page.getByText('We need a booking page for the studio.').first()).toBeVisible();
      // The browser logs the refused Save's 409 itself; nothing else may go wrong.
      expect(problems.filter((p) => !p.includes('status of 409 (Conflict)'))).toEqual([]);
    });

    test('Leads / Imported / All: an import does not push the form lead off the list', async ({
      page,
      request,
      baseURL,
    }) => {
      test.slow();
      const word = `origin${Date.now()}`;
      const lead = await createLead(request, baseURL!, {
        name: `${word} Real Lead`,
        email: uniqueEmail('origin.lead'),
        message: 'Can you quote a shop with 40 products?',
      });
      await signInFast(page, baseURL!);
      const rows = Array.from(
        { length: 25 },
        (_, i) => `${word} Imported ${String(i).padStart(2, '0')},${uniqueEmail(`imp${i}`)}`,
      );
      const res = await page.request.post('/api/admin/contacts/import', {
        headers: sameOrigin(baseURL!),
        multipart: {
          file: {
            name: 'trade-fair.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(`Name,Email\r\n${rows.join('\r\n')}\r\n`),
          },
        },
      });
      expect(res.status(), await res.text()).toBe(200);

      await page.goto(`/admin/contacts?q=${word}`);
      const show = page.getByRole('group', { name: 'Show' });
      await expect(show.getByRole('button', { name: 'Leads' })).toHaveAttribute('aria-pressed', 'true');
      await expect(contactItems(page)).toHaveCount(1);
      await expect(contactItems(page).first()).toHaveAttribute('data-contact-id', String(lead));
      await shootBoth(page, 'contacts-view-leads');

      await show.getByRole('button', { name: 'Imported' }).click();
      await expect(page).toHaveURL(/view=imported/);
      await expect(page.getByText(/^(Showing \d+ of )?25 contacts$/)).toBeVisible();
      await expect(contactItems(page).filter({ hasText: 'Real Lead' })).toHaveCount(0);
      await shootBoth(page, 'contacts-view-imported');
      // An imported contact's detail says where it came from.
      await contactItems(page).first().getByRole('link').first().click();
      await expect(page.getByText(/^Imported .+ from trade-fair\.csv$/)).toBeVisible();
      await page.goBack();

      await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'All' }).click();
      await expect(page.getByText(/^(Showing \d+ of )?26 contacts$/)).toBeVisible();
    });
  });
}
