/**
 * Every admin screen with hostile content, at 390 px and 1280 px (decision 017): a 200-character
 * unbroken word, a long URL, long emails and names, emoji, right-to-left text, 50 tags, a
 * 500-line note. Each screen must not scroll sideways, nothing may stick out or be clipped, and
 * the names, badges and actions must be visible, inside the viewport and clickable. The data is
 * built through the real API; screenshots go to test-results/screenshots/hostile-*.png.
 */

import type { Campaign } from '../../src/shared/campaigns.ts';
import type { Client } from '../../src/shared/clients.ts';
import { type Credential, DEMO_VAULT_PASSWORD, VAULT_PASSWORD_HEADER } from '../../src/shared/credentials.ts';
import { adminApi, adminToasts, contactItems, sameOrigin, signInFast } from './support/admin';
import { createLead, settled, unique } from './support/helpers';
import { expectAllReachable, expectNothingClipped, expectReachable } from './support/layout';
import { expect, type Locator, type Page, test } from './support/test';

const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const dir = 'test-results/screenshots';

/** One unbroken 200-character word. */
const LONG_WORD = `Supercalifragilistic${'x'.repeat(170)}expialidocious`.slice(0, 200);
const LONG_URL = `https://example.com/${'very-long-path-segment/'.repeat(6)}?utm_source=${'a'.repeat(60)}`;
const RTL = 'مرحبا، نريد موقعًا جديدًا لمتجرنا — שלום עולם';
const EMOJI = '🎉🚀👩‍💻🇵🇹';

/** A name near the 200-character limit: one unbroken word, emoji and right-to-left text. */
function hostileName(label: string) {
  return unique(`${label} ${'W'.repeat(90)} ${EMOJI} ${RTL}`).slice(0, 200);
}

let emails = 0;

/** A valid address of about 200 characters (64-character local part, long labels), new per call. */
function hostileEmail() {
  emails += 1;
  const tag = `${Date.now().toString(36)}${emails}`;
  return `${'l'.repeat(64 - tag.length)}${tag}@${'d'.repeat(63)}.${'e'.repeat(50)}.example.com`;
}

const hostileMessage = `${LONG_WORD}\n${LONG_URL}\n${RTL} ${EMOJI}\nLine four.`;

/** Waits for dialog and toast animations to settle before a shot. */
const settle = settled;

async function shoot(page: Page, name: string, width: number, fullPage = true) {
  await page.screenshot({ path: `${dir}/hostile-${name}-${width}.png`, fullPage });
}

/** A contact full of hostile content: 50 tags, a 500-line note, long tasks and an email thread. */
async function hostileContact(page: Page, baseURL: string) {
  const name = hostileName('Lead');
  const email = hostileEmail();
  const id = await createLead(page.request, baseURL, {
    name,
    email,
    phone: '+1 (555) 201-3344 000 000',
    message: hostileMessage,
    // The dashboard's 'Leads by source' shows these: unbroken, up to the server's bounds.
    source: {
      referrer: `${'a'.repeat(60)}.${'b'.repeat(60)}.example.com`,
      utmSource: 'W'.repeat(200),
      utmMedium: `${RTL} ${EMOJI}`.slice(0, 200),
      utmCampaign: LONG_WORD.slice(0, 200),
    },
  });
  await signInFast(page, baseURL);
  const tags = await adminApi<{ id: number; name: string }[]>(page, baseURL, 'GET', '/api/admin/tags');
  const run = Date.now().toString(36);
  for (let i = tags.length; i < 50; i++) {
    tags.push(
      await adminApi(page, baseURL, 'POST', '/api/admin/tags', {
        name: `${run}${i} ${i % 3 === 0 ? 'W'.repeat(30) : `tag ${EMOJI}`}`.slice(0, 40),
        color: '#22d3ee',
      }),
    );
  }
  for (const tag of tags.slice(0, 50)) {
    await adminApi(page, baseURL, 'POST', `/api/admin/contacts/${id}/tags/${tag.id}`);
  }
  const notes = Array.from({ length: 500 }, (_, i) =>
    i === 0 ? LONG_WORD : `Line ${i + 1}: ${i % 7 === 0 ? RTL : 'called back'}`,
  ).join('\n');
  await adminApi(page, baseURL, 'PATCH', `/api/admin/contacts/${id}`, { notes });
  await adminApi(page, baseURL, 'POST', '/api/admin/tasks', {
    contactId: id,
    title: `${LONG_WORD}`,
    description: `${LONG_URL} ${RTL} ${EMOJI}`,
    priority: 'high',
    dueAt: new Date(Date.now() - 86_400_000).toISOString(),
  });
  await adminApi(page, baseURL, 'POST', `/api/admin/contacts/${id}/send-email`, {
    subject: `${LONG_WORD} ${EMOJI}`.slice(0, 300),
    content: `<p>${LONG_WORD}</p><p><a href="${LONG_URL}">${LONG_URL}</a></p><p dir="rtl">${RTL}</p>`,
  });
  return { id, name, email };
}

for (const { width, height } of widths) {
  test.describe(`hostile content at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('contacts list, its dialogs and the dashboard', async ({ page, baseURL }) => {
      test.slow();
      const contact = await hostileContact(page, baseURL!);

      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      await expect(page.getByText(contact.name).first()).toBeVisible();
      await expect(page.locator('.recharts-wrapper')).toBeVisible();
      await expectNothingClipped(page);
      await shoot(page, 'dashboard', width);

      await page.goto('/admin/contacts');
      await page.getByPlaceholder('Search contacts...').fill(contact.email);
      const card = contactItems(page).filter({ hasText: contact.email });
      await expect(contactItems(page)).toHaveCount(1);
      await expectNothingClipped(page);
      await expectAllReachable([
        card.getByRole('link', { name: contact.name }),
        card.getByText(/^(new|contacted)$/),
        card.getByText(contact.email),
        card.getByRole('button', { name: 'Send Email' }),
        card.getByRole('button', { name: 'View Conversation' }),
        card.getByRole('button', { name: 'Turn into Client' }),
      ]);
      await shoot(page, 'contacts', width);

      await card.getByRole('button', { name: 'View Conversation' }).click();
      const conversation = page.getByRole('dialog', { name: 'Conversation' });
      await expect(conversation.getByRole('listitem')).toHaveCount(2);
      await settle(page);
      await expectNothingClipped(page);
      await shoot(page, 'conversation', width, false);
      await page.keyboard.press('Escape');
      await expect(conversation).toBeHidden();

      await card.getByRole('button', { name: 'Send Email' }).click();
      const send = page.getByRole('dialog', { name: 'Send Email' });
      await expect(send).toContainText(contact.email);
      await send.getByLabel('Subject').fill(LONG_WORD);
      await send.getByLabel('Message').fill(`${LONG_WORD}\n${RTL}`);
      await settle(page);
      await expectNothingClipped(page);
      await expectReachable(send.getByRole('button', { name: 'Send Email' }));
      await shoot(page, 'send-email', width, false);
    });

    test('contact detail: info, original message, 50 tags, a 500-line note, tasks, conversation', async ({
      page,
      baseURL,
    }) => {
      test.slow();
      const contact = await hostileContact(page, baseURL!);
      await page.goto(`/admin/contacts/${contact.id}`);
      await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
      await expect(page.getByText('Line 500: called back')).toBeAttached();
      await expectNothingClipped(page);
      await expectAllReachable([
        page.getByRole('heading', { level: 1, name: contact.name }),
        page.getByRole('button', { name: /Remove tag/ }).last(),
        page.getByRole('button', { name: 'Edit notes' }),
        page.getByRole('button', { name: 'Add Task' }),
        page.getByRole('button', { name: 'Send Email' }),
      ]);
      // The 500-line note scrolls inside its own box, so the cards after it stay within reach.
      const notes = page.getByRole('region', { name: 'Notes' });
      await expect(notes).toContainText('Line 500: called back');
      const notesBox = await notes.boundingBox();
      expect(notesBox!.height, 'notes box height').toBeLessThanOrEqual(height * 0.6);
      expect(await notes.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      await page.getByRole('button', { name: 'Edit notes' }).click();
      const field = page.getByRole('textbox', { name: 'Notes' });
      expect((await field.boundingBox())!.height, 'notes field height').toBeLessThanOrEqual(height * 0.6);
      await expectAllReachable([
        page.getByRole('button', { name: 'Save' }),
        page.getByRole('button', { name: 'Cancel' }),
      ]);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await shoot(page, 'contact-detail', width);
    });

    test('clients with long names and tasks', async ({ page, baseURL }) => {
      await signInFast(page, baseURL!);
      const client = await adminApi<Client>(page, baseURL!, 'POST', '/api/admin/clients', {
        name: hostileName('Client'),
        company: `${LONG_WORD.slice(0, 150)} ${EMOJI}`,
        email: hostileEmail(),
        phone: '+1 (555) 201-3344 000 000',
        notes: `${LONG_WORD}\n${LONG_URL}\n${RTL}`,
      });
      await adminApi(page, baseURL!, 'POST', `/api/admin/clients/${client.id}/tasks`, {
        title: LONG_WORD,
        description: `${LONG_URL} ${RTL}`,
      });
      await page.goto('/admin/clients');
      const card = page.getByRole('article').filter({ hasText: client.email! });
      await expect(card.getByText(LONG_WORD, { exact: true })).toBeVisible();
      await expectNothingClipped(page);
      await expectAllReachable([
        card.getByText(client.name).first(),
        card.getByRole('button', { name: `Delete client ${client.name}` }),
        card.getByRole('button', { name: 'Add Task' }),
        card.getByRole('checkbox').first(),
      ]);
      await shoot(page, 'clients', width);
    });

    test('campaigns: list, create dialog, details with recipients, resend', async ({ page, baseURL }) => {
      test.slow();
      const contact = await hostileContact(page, baseURL!);
      const otherEmail = hostileEmail();
      await createLead(page.request, baseURL!, {
        name: hostileName('Other'),
        email: otherEmail,
        message: 'Second recipient.',
      });
      const campaign = await adminApi<Campaign>(page, baseURL!, 'POST', '/api/admin/campaigns', {
        name: hostileName('Campaign'),
        subject: `${LONG_WORD} ${EMOJI}`,
        htmlContent: `<p>${LONG_WORD}</p><p dir="rtl">${RTL}</p>`,
      });
      await adminApi(page, baseURL!, 'POST', `/api/admin/campaigns/${campaign.id}/send`, {
        recipientIds: [contact.id],
      });

      await page.goto('/admin/campaigns');
      const card = page.getByRole('article', { name: campaign.name });
      await expect(card).toBeVisible();
      await expectNothingClipped(page);
      await expectAllReachable([
        page.getByRole('button', { name: 'Create Campaign' }),
        card.getByRole('heading', { name: campaign.name }),
        card.getByRole('button', { name: 'View Details' }),
      ]);
      await shoot(page, 'campaigns', width);

      await page.getByRole('button', { name: 'Create Campaign' }).click();
      const create = page.getByRole('dialog', { name: 'Create Campaign' });
      await findInChecklist(create, contact.email);
      await expect(create.getByText(contact.name)).toBeVisible();
      await settle(page);
      await expectNothingClipped(page);
      await expectReachable(create.getByRole('button', { name: 'Create Campaign' }));
      await shoot(page, 'create-campaign', width, false);
      await page.keyboard.press('Escape');
      await expect(create).toBeHidden();

      await card.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: campaign.name });
      // Cards below md, a table from md up: only one of them is shown. (The preview above names
      // the recipient too: look in the recipients section.)
      const email = details
        .getByRole('region', { name: /^Recipients/ })
        .getByText(contact.email)
        .filter({ visible: true });
      await expect(email).toBeVisible();
      await settle(page);
      await expectNothingClipped(page);
      // Each recipient's email gets room to read, not a column one letter wide.
      const emailBox = await email.boundingBox();
      const dialogBox = await details.boundingBox();
      expect(emailBox!.width, 'recipient email width').toBeGreaterThan(Math.min(dialogBox!.width * 0.5, 200));
      await expectAllReachable([
        details.getByText(contact.name).filter({ visible: true }).last(),
        details.getByText('sent', { exact: true }).filter({ visible: true }).last(),
        details.getByRole('button', { name: 'Resend to New Recipients' }),
        details.getByRole('button', { name: 'Delete Campaign' }),
      ]);
      await shoot(page, 'campaign-details', width, false);

      await details.getByRole('button', { name: 'Resend to New Recipients' }).click();
      const resend = page.getByRole('dialog', { name: 'Resend to New Recipients' });
      await findInChecklist(resend, otherEmail);
      await expect(resend.getByText(otherEmail).first()).toBeAttached();
      await settle(page);
      await expectNothingClipped(page);
      await expectAllReachable([
        resend.getByRole('button', { name: 'Cancel' }),
        resend.getByRole('button', { name: 'Send Campaign' }),
      ]);
      await shoot(page, 'campaign-resend', width, false);
    });

    test('credentials: gate, list and detail', async ({ page, baseURL }) => {
      await signInFast(page, baseURL!);
      const res = await page.request.post('/api/admin/credentials', {
        headers: { ...sameOrigin(baseURL!), [VAULT_PASSWORD_HEADER]: DEMO_VAULT_PASSWORD },
        data: {
          companyName: hostileName('Company'),
          email: hostileEmail(),
          password: LONG_WORD,
          connectors: `${LONG_URL}\n${LONG_WORD}\n${RTL}`,
          notes: `${LONG_WORD}\n${RTL} ${EMOJI}`,
        },
      });
      expect(res.status()).toBe(201);
      const credential = (await res.json()) as Credential;

      await page.goto('/admin/credentials');
      await expect(page.getByRole('heading', { name: 'Credentials Access' })).toBeVisible();
      await expectNothingClipped(page);
      await shoot(page, 'credentials-gate', width);
      await page.getByLabel('Password').fill(DEMO_VAULT_PASSWORD);
      await page.getByRole('button', { name: 'Access Credentials' }).click();
      await expect(adminToasts(page).getByText('Access granted')).toBeVisible();
      const link = page.getByRole('link', { name: credential.companyName });
      await expect(link).toBeVisible();
      await expectNothingClipped(page);
      await expectReachable(link);
      await shoot(page, 'credentials', width);

      await link.click();
      await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
      await expectNothingClipped(page);
      await expectAllReachable([
        page.getByRole('button', { name: 'Edit' }),
        page.getByRole('button', { name: /Delete/ }).last(),
      ]);
      await shoot(page, 'credential-detail', width);
    });

    test('mail setup', async ({ page, baseURL }) => {
      await signInFast(page, baseURL!);
      await page.goto('/admin/gmail-setup');
      await expect(page.getByTestId('gmail-status')).toBeVisible();
      await expectNothingClipped(page);
      await shoot(page, 'gmail-setup', width);
    });
  });
}

/**
 * The recipient checklist renders only the rows in view, and shows its filter box from 9 contacts
 * on: with every earlier test's contacts on the shared server, narrow it to `text` when it can.
 */
async function findInChecklist(dialog: Locator, text: string) {
  await expect(dialog.getByRole('checkbox').first()).toBeVisible();
  const filter = dialog.getByLabel('Filter contacts');
  if ((await filter.count()) > 0) await filter.fill(text);
}
