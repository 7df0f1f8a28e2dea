/**
 * 'Unmatched mail' in the browser (docs/decisions/033): mail appended to a real dovecot that
 * claims a contact's address but answers nothing we sent and fails the provider's checks appears
 * on the dashboard, not in the thread; 'Attach to contact' moves one into the conversation,
 * 'Discard' removes the other. A message of 1,000 MIME parts is counted as skipped on
 * /admin/gmail-setup. Shoots both screens at 1280 and 390 px into test-results/screenshots/.
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
/** The server's IMAP import (IDLE) plus the page's 10 s refresh. */
const ARRIVAL_MS = 50_000;

const FAILED =
  'mx.agency.test; dkim=fail header.d=example.com; spf=fail smtp.mailfrom=example.com; dmarc=fail header.from=example.com';

test('spoofed mail waits in Unmatched mail; attach and discard', async ({ page, mail, baseURL }) => {
  test.setTimeout(180_000);
  const errors = watchPageErrors(page);
  const id = await createLead(page.request, baseURL!, {
    name: 'Noa Levi נועה',
    email: 'noa@example.com',
    message: 'We need a shop.',
  } as Parameters<typeof createLead>[2]);
  await signInFast(page, baseURL!);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: /New replies/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Unmatched mail/ })).toHaveCount(0);

  await mail.imap.append(
    'INBOX',
    await composeReply({
      from: 'Noa Levi <noa@example.com>',
      to: OWN,
      subject: 'Change of bank details',
      text: 'Please pay our new account IBAN XX00 from now on. Averyveryveryveryveryveryveryveryveryverylongwordwithoutanybreaks',
      messageId: 'spoof-1@attacker.example',
      headers: { 'Authentication-Results': FAILED },
    }),
  );
  await mail.imap.append(
    'INBOX',
    await composeReply({
      from: 'noa@example.com',
      to: OWN,
      subject: 'Quick question about the shop',
      text: 'Can it take payments by card?',
      messageId: 'noa-direct@example.com',
    }),
  );
  const card = page
    .getByRole('heading', { name: /Unmatched mail/ })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  const spoof = card.getByRole('listitem', { name: 'Change of bank details' });
  const direct = card.getByRole('listitem', { name: 'Quick question about the shop' });
  await expect(spoof).toBeVisible({ timeout: ARRIVAL_MS });
  await expect(direct).toBeVisible({ timeout: ARRIVAL_MS });
  await expect(spoof).toContainText("Provider's check: dkim=fail spf=fail dmarc=fail");
  await expect(direct).toContainText('No check from the mail provider');
  await expect(spoof.getByRole('link', { name: 'Noa Levi נועה' })).toHaveAttribute(
    'href',
    `/admin/contacts/${id}`,
  );
  await expectNoAxeViolations(page, 'main');
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/unmatched-mail-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Neither is in the thread yet.
  await page.goto(`/admin/contacts/${id}`);
  const thread = page.getByRole('region', { name: /Conversation with Noa/ });
  await expect(thread).toBeVisible();
  await expect(thread.getByText('Change of bank details')).toHaveCount(0);
  await expect(thread.getByText('Quick question about the shop')).toHaveCount(0);

  await page.goto('/admin');
  await direct.getByRole('button', { name: 'Attach to contact' }).click();
  await expect(direct).toHaveCount(0);
  await spoof.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('heading', { name: /Unmatched mail/ })).toHaveCount(0);

  await page.goto(`/admin/contacts/${id}`);
  await expect(
    thread.locator('li[data-sender="contact"]', { hasText: 'Can it take payments by card?' }),
  ).toBeVisible();
  await expect(thread.getByText('Change of bank details')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a message of 1,000 MIME parts is counted as skipped on the setup page', async ({
  page,
  mail,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lines = [
    'From: someone@example.net',
    `To: ${OWN}`,
    'Subject: parts',
    'Message-ID: <parts@example.net>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="PP"',
    '',
  ];
  for (let i = 0; i < 1000; i++) lines.push('--PP', 'Content-Type: text/plain', '', `part ${i}`);
  lines.push('--PP--', '');
  await mail.imap.append('INBOX', Buffer.from(lines.join('\r\n')));
  await signInFast(page, baseURL!);
  await page.goto('/admin/gmail-setup');
  const inbound = page
    .getByRole('heading', { name: 'Receiving replies' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(inbound).toContainText('1 message could not be imported and was skipped', {
    timeout: ARRIVAL_MS,
  });
  await expect(inbound.getByRole('list', { name: 'Latest skipped messages' })).toContainText(
    'More than 1,000 MIME parts',
  );
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await inbound.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/inbound-skipped-${viewport.width}.png`, fullPage: true });
  }
});
