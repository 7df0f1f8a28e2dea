/**
 * In the browser: a reply typed into the mailbox (a real dovecot, appended over IMAP)
 * shows up on the open dashboard ('New replies') and in the open contact's thread, left-aligned
 * under the contact's name, without a reload, within the polling interval; the inline Send Email
 * answers it with 'Re: …'. The server of this file reads the mailbox through IMAP_URL. Shoots
 * the dashboard and the thread at 1280 and 390 px into test-results/screenshots/ (not committed).
 */

import { composeReply } from '../api/helpers/inbound-mail.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInFast,
  watchPageErrors,
} from './support/admin';
import { createLead } from './support/helpers';
import { OWN, test } from './support/mailbox';
import { expect } from './support/test';

const shots = 'test-results/screenshots';
/** The server's IMAP import (IDLE) plus the page's refresh: well inside a minute. */
const ARRIVAL_MS = 50_000;

test('a reply appears on the dashboard and in the open thread without a reload', async ({
  page,
  mail,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const errors = watchPageErrors(page);
  const id = await createLead(page.request, baseURL!, {
    name: 'Amira Haddad عميرة',
    email: 'amira@example.com',
    message: 'We would like a booking app for our clinic.',
  } as Parameters<typeof createLead>[2]);
  await signInFast(page, baseURL!);

  await page.goto(`/admin`);
  const card = page
    .getByRole('heading', { name: /New replies/ })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(card.getByText('No new replies')).toBeVisible();
  await mail.imap.append(
    'INBOX',
    await composeReply({
      from: 'Amira Haddad <amira@example.com>',
      authenticatedBy: 'mx.agency.test',
      to: OWN,
      subject: 'Re: Your booking app',
      text: 'Thanks! Could we meet on Thursday? Averyveryveryveryveryveryveryveryveryveryveryverylongwordwithoutbreaks\n\nOn Mon, Agency wrote:\n> Hello Amira',
      messageId: 'amira-1@example.com',
      attachments: [{ filename: 'floor-plan.pdf', content: 'x'.repeat(2048) }],
    }),
  );
  await expect(card.getByRole('link', { name: /Amira Haddad/ })).toBeVisible({ timeout: ARRIVAL_MS });
  await expect(card.getByText(/Could we meet on Thursday/)).toBeVisible();
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/replies-dashboard-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The contacts list marks the unread reply; opening the contact reads it.
  await page.goto(`/admin/contacts`);
  await expect(page.getByTestId('unread-messages').first()).toHaveText('1 new message');
  await page.goto(`/admin/contacts/${id}`);
  const thread = page.getByRole('region', { name: /Conversation with Amira/ });
  const first = thread.locator('li[data-sender="contact"]', { hasText: 'Could we meet on Thursday?' });
  await expect(first).toBeVisible();
  await expect(first.getByText('Amira Haddad عميرة', { exact: true })).toBeVisible();
  await expect(first.getByText(/floor-plan\.pdf \(2 KB\)/)).toBeVisible();
  await expect(first.locator('details.quoted-history')).toHaveCount(1);
  // Answering continues the thread.
  await expect(page.getByLabel('Subject')).toHaveValue('Re: Your booking app');

  // With the contact open, the next reply arrives by itself.
  await mail.imap.append(
    'INBOX',
    await composeReply({
      from: 'amira@example.com',
      authenticatedBy: 'mx.agency.test',
      to: OWN,
      subject: 'Re: Your booking app',
      html: '<p>Also: <b>Friday</b> works 👍</p>',
      messageId: 'amira-2@example.com',
      inReplyTo: 'amira-1@example.com',
    }),
  );
  const second = thread.locator('li[data-sender="contact"]', { hasText: 'Friday works 👍' });
  await expect(second).toBeVisible({ timeout: ARRIVAL_MS });
  // Left-aligned, like every contact message (docs/product.md §6.6), with the contact's name.
  await expect(second).toHaveCSS('justify-content', 'flex-start');
  await expect(second.getByText('Amira Haddad عميرة', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'main');
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await second.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/replies-thread-${viewport.width}.png`, fullPage: true });
  }
  // Seen: the dashboard's count is cleared.
  await page.goto(`/admin`);
  await expect(card.getByText('No new replies')).toBeVisible({ timeout: 15_000 });

  // The setup page shows where replies are read from and how the last check went.
  await page.goto('/admin/gmail-setup');
  const inbound = page
    .getByRole('heading', { name: 'Receiving replies' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(inbound).toContainText(`IMAP: ${OWN}@127.0.0.1:${mail.dovecot.port}/INBOX`);
  await expect(inbound).toContainText(/Last checked .+ · 2 imported/);
  await expect(inbound).not.toContainText(mail.dovecot.password);
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/replies-setup-${viewport.width}.png`, fullPage: true });
  }
  expect(errors).toEqual([]);
});
