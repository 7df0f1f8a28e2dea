import type { Campaign } from '../../src/shared/campaigns.ts';
import { adminApi, adminToasts, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, unique, uniqueEmail } from './support/helpers';
import { deliveredMail } from './support/outbox';
import { expect, type Page, test } from './support/test';

const TYPED = 'Hi Sarah,\n\nJust checking in.\nLine one\nLine two\n\nCheers,\nAlex';
const SIGNATURE = 'Alex Morgan\nBrightlane Studio';

async function setSignature(page: Page, baseURL: string, signature: string) {
  await adminApi(page, baseURL, 'PUT', '/api/admin/mail/signature', { signature });
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test.afterEach(async ({ page, baseURL }) => setSignature(page, baseURL!, ''));

    test('a plain-text email from the contact detail keeps its lines in both parts and in the thread', async ({
      page,
      baseURL,
    }) => {
      await signInFast(page, baseURL!);
      // The signature, set once on the mail setup page (its form submitted in the browser).
      await page.goto('/admin/gmail-setup');
      await page.getByLabel('Signature', { exact: true }).fill(SIGNATURE);
      await page.getByRole('button', { name: 'Save Signature' }).click();
      await expect(adminToasts(page).getByText('Signature saved')).toBeVisible();
      await page.getByLabel('Signature', { exact: true }).scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/mail-signature-${width}.png` });
      await page.reload();
      await expect(page.getByLabel('Signature', { exact: true })).toHaveValue(SIGNATURE);

      const name = unique('Sarah Plain');
      const email = uniqueEmail('sarah.plain');
      const id = await createLead(page.request, baseURL!, { name, email, message: 'Hello' });
      await page.goto(`/admin/contacts/${id}`);
      const form = page.getByRole('region', { name: 'Send Email' });
      await expect(form.getByRole('radio', { name: 'Plain text' })).toBeChecked();
      await form.getByLabel('Subject').fill('Checking in');
      await form.getByLabel('Message', { exact: true }).fill(TYPED);
      await form.getByRole('button', { name: 'Preview' }).click();
      const preview = form.getByRole('region', { name: 'Email preview' });
      await expect(preview.locator('p')).toHaveCount(4);
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered line breaks are the point.
      expect(await preview.innerText()).toContain('Line one\nLine two');
      await expect(preview).toContainText('Brightlane Studio');
      await preview.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/composer-preview-${width}.png` });

      await form.getByRole('button', { name: 'Send Email' }).click();
      await expect(adminToasts(page).getByText('Email sent')).toBeVisible();

      const mail = await deliveredMail(email);
      expect(mail.text?.replace(/\r\n/g, '\n').trim()).toBe(`${TYPED}\n\n-- \n${SIGNATURE}`);
      expect(mail.html).toContain('<p>Hi Sarah,</p>');
      expect(mail.html).toContain('<p>Just checking in.<br>Line one<br>Line two</p>');
      expect(mail.html).toContain('<p>Cheers,<br>Alex</p>');
      expect(mail.html).toContain('<p>-- <br>Alex Morgan<br>Brightlane Studio</p>');

      const thread = page.getByRole('region', { name: `Conversation with ${name}` });
      const sent = thread.getByRole('listitem').nth(1);
      await expect(sent).toContainText('Checking in');
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered line breaks are the point.
      expect(await sent.innerText()).toMatch(/Just checking in\.\nLine one\nLine two/);
    });

    test('Create Campaign writes plain text through the same composer, sent as paragraphs', async ({
      page,
      baseURL,
    }) => {
      await signInFast(page, baseURL!);
      await page.goto('/admin/campaigns');
      await page.getByRole('button', { name: 'Create Campaign' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Campaign' });
      const name = unique('Plain campaign');
      await dialog.getByLabel('Campaign Name').fill(name);
      await dialog.getByLabel('Email Subject').fill('News');
      await dialog.getByRole('radio', { name: 'Plain text' }).check();
      await dialog
        .getByLabel('Email Content (plain text)')
        .fill('Hello {{firstName}},\n\nLine one\nLine two <3');
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await expect(dialog.getByRole('region', { name: 'Email preview' })).toContainText('Line two <3');
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/screenshots/campaign-composer-${width}.png` });
      await dialog.getByRole('button', { name: 'Create Campaign' }).click();
      await expect(adminToasts(page).getByText('Campaign created')).toBeVisible();
      const list = await adminApi<Campaign[]>(page, baseURL!, 'GET', '/api/admin/campaigns');
      const created = list.find((c) => c.name === name)!;
      expect(created.htmlContent).toBe('<p>Hello {{firstName}},</p>\n<p>Line one<br>Line two &lt;3</p>');
    });
  });
}
