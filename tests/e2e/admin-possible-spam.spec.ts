/**
 * Decision 057 in a real browser: a lead whose message trips a content check is a lead, marked
 * 'Possible spam' on its row and its page, and 'Move to spam' holds it with a toast; the dashboard
 * shows 'N held for review' linking to the Spam list whenever anything is held. At 1280 and 390 px,
 * without sideways scroll.
 */

import type { Analytics } from '../../src/shared/analytics.ts';
import type { Contact } from '../../src/shared/contacts.ts';
import { adminApi, adminToasts, contactItems, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { expect, type Page, test } from './support/test';

/** A real enquiry the old content check quarantined for its script (decision 057). */
const arabicEnquiry =
  'مرحبا، نحن شركة عقارات في دبي ونحتاج إلى موقع إلكتروني جديد وتطبيق للهاتف لعرض العقارات للعملاء. هل يمكنكم إرسال عرض سعر؟';

/** A submission without the proof of work (a script, or a browser without JavaScript): held. */
async function heldSubmission(page: Page, baseURL: string, name: string, email: string) {
  const res = await page.request.post('/api/contact', {
    data: { name, email, message: 'Hello, please call me back about a website.', preferTextAndCall: false },
    headers: { origin: baseURL, 'sec-fetch-site': 'same-origin' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

for (const width of [1280, 390] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test("held spam in plain sight; a marked lead's 'Possible spam' and 'Move to spam'", async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await signInFast(page, baseURL!);
      const heldName = unique('Held Visitor');
      const heldId = await heldSubmission(page, baseURL!, heldName, uniqueEmail('held.visitor'));

      // The dashboard says how many are held and links to them.
      const { heldSpam } = await adminApi<Analytics>(page, baseURL!, 'GET', '/api/admin/analytics');
      expect(heldSpam).toBeGreaterThanOrEqual(1);
      await page.goto('/admin');
      const held = page.getByRole('link', {
        name: new RegExp(`^${heldSpam.toLocaleString('en-US')} held for review`),
      });
      await expect(held).toBeVisible();
      // On the first screen, above 'Needs you today' and the figures: no scrolling to find it.
      await expect(held).toBeInViewport();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/dashboard-held-${width}.png` });
      await held.click();
      await expect(page).toHaveURL(/\/admin\/contacts\?status=spam/);
      await expect(page.locator(`[data-contact-id="${heldId}"]`)).toBeVisible();

      // A Dubai real-estate firm writing in Arabic: a lead, marked, in the list.
      const name = unique('Omar Al-Farsi');
      const email = uniqueEmail('omar.alfarsi');
      const id = await createLead(page.request, baseURL!, {
        name,
        email,
        message: arabicEnquiry,
        phone: '+971 4 555 0123',
        preferTextAndCall: false,
      });
      const lead = await adminApi<{ contact: Contact }>(page, baseURL!, 'GET', `/api/admin/contacts/${id}`);
      expect(lead.contact).toMatchObject({ status: 'new', possibleSpam: ['script'] });

      await page.goto(`/admin/contacts?q=${encodeURIComponent(email)}`);
      const row = contactItems(page).and(page.locator(`[data-contact-id="${id}"]`));
      await expect(row).toBeVisible();
      await expect(row.getByTitle('Possible spam: mostly not in Latin letters')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/contacts-possible-spam-${width}.png` });

      // Its page names why, and one click moves it to spam with a toast.
      await page.goto(`/admin/contacts/${id}`);
      const notice = page.getByRole('region', { name: 'Possible spam' });
      await expect(notice).toContainText('mostly not in Latin letters');
      await expect(notice).toContainText('you were notified and it is counted');
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/contact-possible-spam-${width}.png` });
      await notice.getByRole('button', { name: 'Move to spam' }).click();
      await expect(adminToasts(page).getByText('Moved to spam')).toBeVisible();
      await expect(page.getByText('Held as spam')).toBeVisible();
      await expect(notice).toBeHidden();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/contact-moved-to-spam-${width}.png` });
      const moved = await adminApi<{ contact: Contact }>(page, baseURL!, 'GET', `/api/admin/contacts/${id}`);
      expect(moved.contact).toMatchObject({ status: 'spam', spamReasons: ['script', 'owner'] });

      // 'Not spam' brings it back, with its toast.
      await page.getByRole('button', { name: 'Not spam' }).click();
      await expect(adminToasts(page).getByText(/is back among the leads/)).toBeVisible();
      await expect(page.getByText('Held as spam')).toBeHidden();
    });
  });
}
