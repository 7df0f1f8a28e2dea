/**
 * Screenshots of the admin CRM screens at desktop (1280 px) and phone (390 px) widths, for people
 * to look at: written to test-results/screenshots/ (not committed). Each test walks every screen
 * once with its own data and asserts only that each screen rendered. Dialogs are shot at both
 * widths where they carry content (conversation, send email), the plain forms at desktop only.
 */

import type { Campaign } from '../../src/shared/campaigns.ts';
import type { Client } from '../../src/shared/clients.ts';
import { adminApi, contactItems, expectNoHorizontalScroll, signInFast } from './support/admin';
import { createLead, settled, unique, uniqueEmail } from './support/helpers';
import { expect, test } from './support/test';

const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

const dir = 'test-results/screenshots';

/** Waits for dialog and toast animations to settle before a shot. */
const settle = settled;

for (const { label, width, height } of widths) {
  test.describe(`admin ${label} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('admin screens', async ({ page, request, baseURL }) => {
      test.slow();
      const name = unique('Maya Chen');
      const id = await createLead(request, baseURL!, {
        name,
        email: uniqueEmail('maya.chen'),
        phone: '(555) 201-3344',
        message:
          'We run three bakeries and want online pre-orders, a loyalty programme and a simple way to see which products sell best each week.',
        preferTextAndCall: true,
      });
      await signInFast(page, baseURL!);
      await adminApi(page, baseURL!, 'POST', `/api/admin/contacts/${id}/send-email`, {
        subject: 'Your bakery project',
        content:
          '<p>Hi Maya,</p><p>Thanks for reaching out! Could we talk <strong>Thursday at 10</strong>?</p>',
      });
      const tags = await adminApi<{ id: number; name: string }[]>(page, baseURL!, 'GET', '/api/admin/tags');
      for (const tag of tags.slice(0, 2)) {
        await adminApi(page, baseURL!, 'POST', `/api/admin/contacts/${id}/tags/${tag.id}`);
      }
      await adminApi(page, baseURL!, 'PATCH', `/api/admin/contacts/${id}`, {
        notes: 'Prefers mornings. Budget approved for Q3.',
      });
      await adminApi(page, baseURL!, 'POST', '/api/admin/tasks', {
        contactId: id,
        title: 'Send a proposal',
        description: 'Pre-orders, loyalty and weekly sales report.',
        priority: 'high',
        dueAt: new Date(Date.now() - 86_400_000).toISOString(),
      });
      await adminApi(page, baseURL!, 'POST', '/api/admin/tasks', {
        contactId: id,
        title: 'Book a discovery call',
        priority: 'medium',
        dueAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      });
      const client = await adminApi<Client>(page, baseURL!, 'POST', '/api/admin/clients', {
        name: unique('Harbor Supplies'),
        company: 'Harbor Supplies Ltd',
        email: 'ops@harbor.example',
        phone: '+1 555 0100',
        notes: 'Retainer for maintenance and growth.',
      });
      const task = await adminApi<{ id: number }>(
        page,
        baseURL!,
        'POST',
        `/api/admin/clients/${client.id}/tasks`,
        {
          title: 'Monthly analytics report',
          description: 'Traffic and conversions.',
        },
      );
      await adminApi(page, baseURL!, 'PATCH', `/api/admin/clients/tasks/${task.id}`, {
        status: 'done',
        completedAt: new Date().toISOString(),
      });
      await adminApi(page, baseURL!, 'POST', `/api/admin/clients/${client.id}/tasks`, {
        title: 'Renew domain',
      });

      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Visits and new contacts' })).toBeVisible();
      await expect(page.locator('.recharts-wrapper')).toBeVisible();
      await page.screenshot({ path: `${dir}/admin-dashboard-${width}.png`, fullPage: true });

      await page.goto('/admin/contacts');
      await expect(contactItems(page).filter({ hasText: name })).toBeVisible();
      await page.screenshot({ path: `${dir}/admin-contacts-${width}.png`, fullPage: true });

      const card = contactItems(page).filter({ hasText: name });
      await card.getByRole('button', { name: 'View Conversation' }).click();
      await expect(page.getByRole('dialog').getByText('Your bakery project')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${dir}/admin-conversation-${width}.png` });
      await page.keyboard.press('Escape');

      await card.getByRole('button', { name: 'Send Email' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${dir}/admin-send-email-${width}.png` });
      await page.keyboard.press('Escape');

      await page.goto(`/admin/contacts/${id}`);
      await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
      await expect(page.getByText('Your bakery project').first()).toBeVisible();
      await page.screenshot({ path: `${dir}/admin-contact-detail-${width}.png`, fullPage: true });

      if (width === 1280) {
        await page.getByRole('button', { name: 'Add Task' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settle(page);
        await page.screenshot({ path: `${dir}/admin-add-task-${width}.png` });
        await page.keyboard.press('Escape');
      }

      await page.goto('/admin/contacts/999999');
      await expect(page.getByRole('heading', { name: 'Contact not found' })).toBeVisible();
      await page.screenshot({ path: `${dir}/admin-contact-not-found-${width}.png` });

      await page.goto('/admin/clients');
      await expect(page.getByRole('heading', { name: 'Manage Clients' })).toBeVisible();
      await expect(page.getByText('Monthly analytics report').first()).toBeVisible();
      await page.screenshot({ path: `${dir}/admin-clients-${width}.png`, fullPage: true });

      if (width === 1280) {
        await page.getByRole('button', { name: 'Add Client' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settle(page);
        await page.screenshot({ path: `${dir}/admin-add-client-${width}.png` });
        await page.keyboard.press('Escape');
      }

      if (width === 1280) {
        await page.getByRole('button', { name: `Delete client ${client.name}` }).click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await settle(page);
        await page.screenshot({ path: `${dir}/admin-delete-client-${width}.png` });
        await page.keyboard.press('Escape');
      }
    });

    test('campaigns and mail setup', async ({ page, baseURL }) => {
      test.slow();
      await signInFast(page, baseURL!);
      const people = [
        ['Olivia Park', uniqueEmail('olivia.park')],
        ['Daniel Reyes', uniqueEmail('daniel.reyes')],
        ['Priya Nair', uniqueEmail('priya.nair')],
        ['Tom Becker', uniqueEmail('tom.becker')],
      ] as const;
      const someone: number[] = [];
      for (const [person, email] of people) {
        someone.push(
          await createLead(page.request, baseURL!, { name: person, email, message: 'Newsletter test.' }),
        );
      }
      const sent = await adminApi<Campaign>(page, baseURL!, 'POST', '/api/admin/campaigns', {
        name: unique('Spring portfolio update'),
        subject: 'Three launches this spring, {{name}}',
        htmlContent:
          '<h1>Hello {{name}}</h1><p>This spring we shipped a booking app, a bakery shop and a clinic portal.</p><p><a href="https://example.com">See the projects</a></p>',
      });
      await adminApi(page, baseURL!, 'POST', `/api/admin/campaigns/${sent.id}/send`, {
        recipientIds: someone,
      });
      await adminApi(page, baseURL!, 'POST', '/api/admin/campaigns', {
        name: unique('Holiday hours'),
        subject: 'Our holiday schedule',
        htmlContent: '<p>We are closed from Dec 24 to Jan 2.</p>',
        recipientIds: someone.slice(0, 2),
      });

      await page.goto('/admin/campaigns');
      await expect(page.getByRole('article', { name: sent.name })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${dir}/admin-campaigns-${width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Create Campaign' }).click();
      await expect(page.getByRole('dialog').getByText(/selected/)).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${dir}/admin-create-campaign-${width}.png` });
      await page.keyboard.press('Escape');

      await page
        .getByRole('article', { name: sent.name })
        .getByRole('button', { name: 'View Details' })
        .click();
      // A table from md up, a list of cards on phones.
      const recipients = page.getByRole('dialog').getByRole('table', { name: 'Recipients' });
      await expect(
        recipients.or(page.getByRole('dialog').getByRole('list', { name: 'Recipients' })),
      ).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${dir}/admin-campaign-details-${width}.png` });
      await page.getByRole('button', { name: 'Resend to New Recipients' }).click();
      await expect(page.getByRole('dialog', { name: 'Resend to New Recipients' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${dir}/admin-campaign-resend-${width}.png` });

      await page.goto('/admin/gmail-setup');
      await expect(page.getByTestId('gmail-status')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${dir}/admin-gmail-setup-${width}.png`, fullPage: true });
    });
  });
}
