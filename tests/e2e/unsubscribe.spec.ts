import type { Campaign } from '../../src/shared/campaigns.ts';
import type { ContactDetail } from '../../src/shared/contacts.ts';
import { adminApi, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { deliveredMail } from './support/outbox';
import { expect, type Page, test } from './support/test';

/** Sends a one-recipient campaign to a new lead; returns the lead's id and address. */
async function campaignTo(page: Page, baseURL: string): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('unsub.browser');
  const id = await createLead(page.request, baseURL, {
    name: unique('Una Browser'),
    email,
    message: 'Hello',
  });
  const campaign = await adminApi<Campaign>(page, baseURL, 'POST', '/api/admin/campaigns', {
    name: unique('Unsubscribe probe'),
    subject: 'News',
    htmlContent: '<p>Our news.</p>',
  });
  await adminApi(page, baseURL, 'POST', `/api/admin/campaigns/${campaign.id}/send`, { recipientIds: [id] });
  return { id, email };
}

/** The delivered campaign mail to `email` (the one with an unsubscribe link; waits for it). */
const campaignMailTo = (email: string) =>
  deliveredMail(email, (mail) => Boolean(mail.html?.includes('/unsubscribe/')));

async function isUnsubscribed(page: Page, baseURL: string, id: number): Promise<boolean> {
  const detail = await adminApi<ContactDetail>(page, baseURL, 'GET', `/api/admin/contacts/${id}`);
  return detail.contact.unsubscribed;
}

for (const width of [1280, 390]) {
  test(`a recipient opens the email's link and clicks Unsubscribe (${width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInFast(page, baseURL!);
    const { id, email } = await campaignTo(page, baseURL!);
    const mail = await campaignMailTo(email);

    // The recipient has no session: a fresh browser context, the email opened as a mail client
    // shows it, its own 'Unsubscribe' link followed.
    const recipient = await browser.newContext({ viewport: { width, height: 800 } });
    try {
      const reader = await recipient.newPage();
      await reader.setContent(mail.html!);
      await reader.getByRole('link', { name: 'Unsubscribe' }).click();
      await expect(reader.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
      expect(await isUnsubscribed(page, baseURL!, id)).toBe(false);
      await expectNoHorizontalScroll(reader);
      await reader.screenshot({ path: `test-results/screenshots/unsubscribe-page-${width}.png` });

      const posted = reader.waitForRequest((r) => r.method() === 'POST');
      await reader.getByRole('button', { name: 'Unsubscribe' }).click();
      const headers = await (await posted).allHeaders();
      // What made the old check refuse the page's own form.
      expect(headers.origin).toBe('null');
      expect(headers['sec-fetch-site']).toBe('same-origin');
      await expect(reader.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
      await expect(reader.getByText(`${email} will not receive campaign emails`)).toBeVisible();
      await expect(reader.getByText('Cross-site')).toHaveCount(0);
      await expectNoHorizontalScroll(reader);
      await reader.screenshot({ path: `test-results/screenshots/unsubscribe-done-${width}.png` });
      expect(await isUnsubscribed(page, baseURL!, id)).toBe(true);

      // Back and submitted again (a double click, a second visit): still a success page.
      await reader.goBack();
      await reader.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(reader.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    } finally {
      await recipient.close();
    }
  });
}

test('the same form posted from another site is refused and unsubscribes nobody', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInFast(page, baseURL!);
  const { id, email } = await campaignTo(page, baseURL!);
  const link = /href="([^"]*\/unsubscribe\/[^"]+)"/.exec((await campaignMailTo(email)).html!)![1]!;

  // A page on another origin (the server's own 127.0.0.1 address named as `localhost`) carrying
  // a copy of the form: Chromium marks its post cross-site.
  const other = new URL(baseURL!);
  other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const attacker = await browser.newContext();
  try {
    const evil = await attacker.newPage();
    await evil.route(`${other.origin}/attack`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" action="${link}"><button type="submit">Win a prize</button></form>`,
      }),
    );
    await evil.goto(`${other.origin}/attack`);
    const answer = evil.waitForResponse((r) => r.request().method() === 'POST');
    await evil.getByRole('button', { name: 'Win a prize' }).click();
    expect((await answer).status()).toBe(403);
    expect(await isUnsubscribed(page, baseURL!, id)).toBe(false);
  } finally {
    await attacker.close();
  }
});

test('a forged link shows the not-valid page, with no form', async ({ page }) => {
  await page.goto('/unsubscribe/1.forged');
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(0);
});
