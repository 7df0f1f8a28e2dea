/**
 * Untrusted text in the admin: a lead's name and message and an email's HTML are shown, never
 * run. React escapes text; email HTML goes through DOMPurify. The page's CSP would also block
 * inline handlers, so the checks look at the DOM (no `onerror`, no `<script>` from the data) as
 * well as at `window.__xss`.
 */

import { adminApi, contactItems, signInFast, watchPageErrors } from './support/admin';
import { createLead } from './support/helpers';
import { expect, type Page, test } from './support/test';

const payloadName = '<img src=x onerror="window.__xss=1">';

async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('#root [onerror], #root script, #root [href^="javascript:"]')).toHaveCount(0);
  // Portalled dialogs live outside #root.
  await expect(page.locator('body [onerror], [role="dialog"] script')).toHaveCount(0);
}

test('a lead with markup in its name, message and email never runs in the admin', async ({
  page,
  request,
  baseURL,
}) => {
  const marker = `xss${Date.now()}@example.com`;
  const id = await createLead(request, baseURL!, {
    name: payloadName,
    email: marker,
    message: '<script>window.__xss=2</script><img src=x onerror="window.__xss=3">',
  });
  await signInFast(page, baseURL!);
  await adminApi(page, baseURL!, 'POST', `/api/admin/contacts/${id}/send-email`, {
    subject: '<img src=x onerror="window.__xss=4">',
    content:
      '<p>Safe <b>bold</b></p><img src=x onerror="window.__xss=5"><script>window.__xss=6</script><a href="javascript:window.__xss=7">link</a><svg onload="window.__xss=8"></svg>',
  });
  const problems = watchPageErrors(page);

  await page.goto('/admin');
  await expect(page.getByText(payloadName).first()).toBeVisible();
  await expectNothingRan(page);

  await page.goto('/admin/contacts');
  await page.getByPlaceholder('Search contacts...').fill(marker);
  const card = contactItems(page).filter({ hasText: marker });
  await expect(card.getByRole('link', { name: payloadName })).toBeVisible();
  await expectNothingRan(page);

  await card.getByRole('button', { name: 'View Conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conversation' });
  await expect(dialog.getByText('bold')).toBeVisible();
  await expect(dialog.getByText('<script>window.__xss=2</script>', { exact: false })).toBeVisible();
  await expect(dialog.getByText('<img src=x onerror="window.__xss=4">')).toBeVisible();
  // DOMPurify drops the `javascript:` URL, so 'link' is left as plain text.
  await expect(dialog.getByText('link', { exact: true })).toBeVisible();
  await expectNothingRan(page);
  await page.keyboard.press('Escape');

  await page.goto(`/admin/contacts/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: payloadName })).toBeVisible();
  await expect(
    page.getByRole('region', { name: `Conversation with ${payloadName}` }).getByText('bold'),
  ).toBeVisible();
  await expectNothingRan(page);

  // Chromium reports a CSP refusal as soon as DOMPurify parses markup with an inline handler in
  // its inert document; those refusals are expected. Anything else would be a real error.
  expect(
    problems.filter((p) => !p.includes('Failed to load resource') && !p.includes('Content Security Policy')),
  ).toEqual([]);
});
