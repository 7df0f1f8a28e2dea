/**
 * The credentials vault screens (docs/product.md §9, §14.1): the server-checked password gate, the unlocked
 * table (add, copy, reveal, inline edit, delete), the detail (edit, copy, Danger Zone delete), 'Credential
 * not found', locking on reload or on a rejected password, accessibility, and screenshots at 1280 and 390 px.
 * The e2e server runs in demo mode, so the vault password is DEMO_VAULT_PASSWORD.
 */

import { type Credential, DEMO_VAULT_PASSWORD, VAULT_PASSWORD_HEADER } from '../../src/shared/credentials.ts';
import {
  adminToasts,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  sameOrigin,
  signInFast,
  watchPageErrors,
} from './support/admin';
import { settled, unique } from './support/helpers';
import { type BrowserContext, expect, type Locator, type Page, test } from './support/test';

const CREDENTIALS = '/api/admin/credentials';

/** A JSON call to the vault API with the page's session and the vault password. */
async function vaultApi<T = unknown>(
  page: Page,
  baseURL: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await page.request.fetch(path, {
    method,
    data,
    headers: { ...sameOrigin(baseURL), [VAULT_PASSWORD_HEADER]: DEMO_VAULT_PASSWORD },
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Stores a credential through the API (setup), returning it. */
function createCredential(
  page: Page,
  baseURL: string,
  values: Partial<Credential> & { companyName: string },
) {
  return vaultApi<Credential>(page, baseURL, 'POST', CREDENTIALS, values);
}

/** Types a password into the gate and presses 'Access Credentials'. */
async function submitGate(page: Page, password: string) {
  await expect(page.getByRole('heading', { name: 'Credentials Access' })).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Access Credentials' }).click();
}

/** Unlocks the gate on the current page with the right password. */
async function unlock(page: Page) {
  const answer = page.waitForResponse((r) => r.url().endsWith(CREDENTIALS) && r.request().method() === 'GET');
  await submitGate(page, DEMO_VAULT_PASSWORD);
  // The server's answer first, so a refusal fails here with its status and text, not as a toast
  // that never came.
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  await expect(adminToasts(page).getByText('Access granted')).toBeVisible();
}

/** The table row of a credential, found by its company name. */
function row(page: Page, companyName: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: companyName }) });
}

/** Console problems, without the network lines of the error answers a test provokes on purpose. */
function unexpected(problems: string[], statuses: number[] = []): string[] {
  return problems.filter(
    (p) =>
      !statuses.some((s) =>
        p.includes(`Failed to load resource: the server responded with a status of ${s}`),
      ),
  );
}

async function grantClipboard(context: BrowserContext, baseURL: string) {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
}

test('the gate asks the server: a wrong password is refused, the right one unlocks, a reload locks again', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  await signInFast(page, baseURL!);
  const companyName = unique('Gate Co');
  await createCredential(page, baseURL!, { companyName, email: 'gate@example.com' });

  await page.goto('/admin/credentials');
  await expect(page.getByRole('heading', { level: 1, name: 'Credentials Access' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Contacts',
    'Pipeline',
    'Clients',
    'Campaigns',
    'Mail setup',
    'Site',
  ]);
  await expectNoAxeViolations(page);

  // Blank: nothing is sent.
  await page.getByRole('button', { name: 'Access Credentials' }).click();
  await expect(page.getByText('Password is required')).toBeVisible();

  // Wrong: the server answers 403; the gate stays with the typed value.
  const wrong = page.waitForResponse((r) => r.url().endsWith(CREDENTIALS) && r.request().method() === 'GET');
  await submitGate(page, 'not-the-vault-password');
  const answer = await wrong;
  expect(answer.status()).toBe(403);
  expect(answer.request().headers()[VAULT_PASSWORD_HEADER]).toBe('not-the-vault-password');
  await expect(adminToasts(page).getByText('Error')).toBeVisible();
  await expect(adminToasts(page).getByText('Invalid password')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveValue('not-the-vault-password');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('table')).toHaveCount(0);

  // Right: unlocked.
  await unlock(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Credentials' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'Company',
    'Email',
    'Password',
    'Connectors',
    'Notes',
    'Actions',
  ]);
  await expect(row(page, companyName)).toBeVisible();

  // The password is kept in memory only.
  const stored = await page.evaluate(() => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    cookie: document.cookie,
  }));
  for (const place of Object.values(stored)) expect(place).not.toContain(DEMO_VAULT_PASSWORD);

  // A reload locks again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Credentials Access' })).toBeVisible();
  await expect(page.getByText(companyName)).toHaveCount(0);

  // 'Lock' closes the vault by hand.
  await unlock(page);
  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByRole('heading', { name: 'Credentials Access' })).toBeVisible();

  // Leaving the credential screens locks as well (the page forgets the password and the data).
  await unlock(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Credentials' }).click();
  await expect(page.getByRole('heading', { name: 'Credentials Access' })).toBeVisible();

  expect(unexpected(problems, [403])).toEqual([]);
});

test('too many wrong passwords: the gate says how long to wait', async ({ page, baseURL }) => {
  // Mocked: a real lock-out would block this address for 15 minutes for every later test.
  await signInFast(page, baseURL!);
  await page.route(`**${CREDENTIALS}`, (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '840' },
      json: { error: 'Too many wrong vault passwords. Try again in 14 minutes.' },
    }),
  );
  await page.goto('/admin/credentials');
  await submitGate(page, 'whatever');
  await expect(adminToasts(page).getByText('Too many attempts')).toBeVisible();
  await expect(
    page.getByText('Too many wrong vault passwords. Try again in 14 minutes.').first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Credentials Access' })).toBeVisible();
});

test('the admin adds a credential: company name required, empty fields left out', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  await signInFast(page, baseURL!);
  // Start from an empty vault to see the empty state (credentials of other tests are theirs to lose).
  for (const credential of await vaultApi<Credential[]>(page, baseURL!, 'GET', CREDENTIALS)) {
    await vaultApi(page, baseURL!, 'DELETE', `${CREDENTIALS}/${credential.id}`);
  }
  await page.goto('/admin/credentials');
  await unlock(page);
  await expect(page.getByText('No credentials found')).toBeVisible();

  await page.getByRole('button', { name: 'Add Credential' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Credential' });
  await expect(dialog.getByLabel('Company Name *')).toBeFocused();
  await expect(dialog.getByLabel('Connectors')).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(dialog.getByLabel('Notes')).toHaveJSProperty('tagName', 'TEXTAREA');
  await expectNoAxeViolations(page, '[role="dialog"]');

  // Blank company name (spaces only) is refused on the field and as a toast (docs/product.md §9.1).
  await dialog.getByLabel('Company Name *').fill('   ');
  await dialog.getByRole('button', { name: 'Add Credential' }).click();
  await expect(adminToasts(page).getByText('Company name is required')).toBeVisible();
  await expect(dialog.getByText('Company name is required', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Company Name *')).toHaveAttribute('aria-invalid', 'true');

  // A server failure toasts the spec's text (docs/product.md §9.1).
  const companyName = unique('Acme Hosting');
  await dialog.getByLabel('Company Name *').fill(companyName);
  await page.route(`**${CREDENTIALS}`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { error: 'x' } })
      : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Add Credential' }).click();
  await expect(adminToasts(page).getByText('Failed to add credential')).toBeVisible();
  await page.unroute(`**${CREDENTIALS}`);

  await dialog.getByLabel('Email').fill('admin@acme.example');
  await dialog.getByLabel('Password', { exact: true }).fill('s3cret-acme');
  const posted = page.waitForRequest((r) => r.url().endsWith(CREDENTIALS) && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Add Credential' }).click();
  const request = await posted;
  expect(request.postDataJSON()).toEqual({
    companyName,
    email: 'admin@acme.example',
    password: 's3cret-acme',
  });
  expect(request.headers()[VAULT_PASSWORD_HEADER]).toBe(DEMO_VAULT_PASSWORD);
  await expect(adminToasts(page).getByText('Credential added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const added = row(page, companyName);
  await expect(added).toBeVisible();
  await expect(added).toContainText('admin@acme.example');
  await expect(added).not.toContainText('s3cret-acme');
  await expect(page.getByText('No credentials found')).toHaveCount(0);
  await expectNoAxeViolations(page);

  expect(unexpected(problems, [500])).toEqual([]);
});

test('copy buttons and the password reveal', async ({ page, context, baseURL }) => {
  const problems = watchPageErrors(page);
  await signInFast(page, baseURL!);
  const companyName = unique('Copy Co');
  await createCredential(page, baseURL!, {
    companyName,
    email: 'ops@copy.example',
    password: 'pa55-copy-word',
    connectors: 'STRIPE_KEY=sk_test_123\nSMTP=smtp://mail.copy.example',
  });
  await page.goto('/admin/credentials');
  await unlock(page);
  // Clipboard rights where the copy steps need them.
  await grantClipboard(context, baseURL!);
  const line = row(page, companyName);

  // Masked until revealed.
  await expect(line).toContainText('••••••••');
  await expect(line).not.toContainText('pa55-copy-word');
  await line.getByRole('button', { name: 'Show password' }).click();
  await expect(line).toContainText('pa55-copy-word');
  await line.getByRole('button', { name: 'Hide password' }).click();
  await expect(line).not.toContainText('pa55-copy-word');
  await expect(line.getByRole('button', { name: 'Show password' })).toBeFocused();

  // Copy: the clipboard gets the value, 'Copied' toasts, the checkmark shows for 2 s.
  const copies = [
    ['Copy email', 'ops@copy.example'],
    ['Copy password', 'pa55-copy-word'],
    ['Copy connectors', 'STRIPE_KEY=sk_test_123\nSMTP=smtp://mail.copy.example'],
  ] as const;
  for (const [name, value] of copies) {
    const button = line.getByRole('button', { name });
    await button.click();
    await expect(adminToasts(page).getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await expect(button.getByTestId('copied-icon')).toBeVisible();
    await expect(button).toHaveAttribute('data-copied', 'true');
    await expect(button.getByTestId('copied-icon')).toBeHidden({ timeout: 5000 });
    await expect(button).not.toHaveAttribute('data-copied');
  }

  // Keyboard: the copy button works with Enter too.
  await line.getByRole('button', { name: 'Copy email' }).focus();
  await page.keyboard.press('Enter');
  await expect(line.getByRole('button', { name: 'Copy email' })).toHaveAttribute('data-copied', 'true');

  expect(unexpected(problems)).toEqual([]);
});

test('inline row edit: Cancel keeps the values, Save patches them; delete asks first', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  await signInFast(page, baseURL!);
  const companyName = unique('Edit Co');
  const created = await createCredential(page, baseURL!, {
    companyName,
    email: 'old@edit.example',
    password: 'old-password',
    notes: 'Old notes',
  });
  await page.goto('/admin/credentials');
  await unlock(page);
  let line = row(page, companyName);

  // Cancel keeps the stored values.
  await line.getByRole('button', { name: 'Edit' }).click();
  const company = page.getByRole('textbox', { name: 'Company name' });
  await expect(company).toBeFocused();
  await expect(company).toHaveValue(companyName);
  const editing = page.getByRole('row').filter({ has: company });
  await expect(editing.getByLabel('Password', { exact: true })).toHaveValue('old-password');
  await editing.getByRole('textbox', { name: 'Email' }).fill('changed@edit.example');
  await editing.getByRole('button', { name: 'Cancel' }).click();
  await expect(line).toContainText('old@edit.example');
  await expect(line).not.toContainText('changed@edit.example');
  await expect(line.getByRole('button', { name: 'Edit' })).toBeFocused();

  // Escape cancels too.
  await line.getByRole('button', { name: 'Edit' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveCount(0);

  // A blank company name is refused.
  await line.getByRole('button', { name: 'Edit' }).click();
  await company.fill(' ');
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(adminToasts(page).getByText('Company name is required')).toBeVisible();
  await expect(company).toHaveAttribute('aria-invalid', 'true');

  // A server failure toasts the spec's text and keeps the row in edit mode.
  const renamed = unique('Edit Co renamed');
  await company.fill(renamed);
  await page.route(`**${CREDENTIALS}/${created.id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, json: { error: 'x' } })
      : route.fallback(),
  );
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(adminToasts(page).getByText('Failed to update credential')).toBeVisible();
  await expect(company).toBeVisible();
  await page.unroute(`**${CREDENTIALS}/${created.id}`);

  // Save: every field is sent; an emptied field is cleared.
  await editing.getByRole('textbox', { name: 'Email' }).fill('new@edit.example');
  await editing.getByRole('textbox', { name: 'Notes' }).fill('');
  await editing.getByRole('textbox', { name: 'Connectors' }).fill('API_KEY=abc');
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(adminToasts(page).getByText('Credential updated')).toBeVisible();
  line = row(page, renamed);
  await expect(line).toContainText('new@edit.example');
  await expect(line).toContainText('API_KEY=abc');
  const stored = await vaultApi<Credential>(page, baseURL!, 'GET', `${CREDENTIALS}/${created.id}`);
  expect(stored).toMatchObject({
    companyName: renamed,
    email: 'new@edit.example',
    password: 'old-password',
    connectors: 'API_KEY=abc',
    notes: null,
  });

  // Delete asks first; Cancel keeps the row.
  await line.getByRole('button', { name: 'Delete' }).click();
  let confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this credential?');
  await expectNoAxeViolations(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(line).toBeVisible();

  // A failed delete toasts the spec's text.
  await page.route(`**${CREDENTIALS}/${created.id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: { error: 'x' } })
      : route.fallback(),
  );
  await line.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(adminToasts(page).getByText('Failed to delete credential')).toBeVisible();
  await page.unroute(`**${CREDENTIALS}/${created.id}`);

  await line.getByRole('button', { name: 'Delete' }).click();
  confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(adminToasts(page).getByText('Credential deleted')).toBeVisible();
  await expect(line).toHaveCount(0);

  expect(unexpected(problems, [500])).toEqual([]);
});

test('the detail: gated on direct load, shows every field, edits, copies and deletes', async ({
  page,
  context,
  baseURL,
}) => {
  // About forty steps with two accessibility scans: past 30 s on a busy machine.
  test.slow();
  const problems = watchPageErrors(page);
  await signInFast(page, baseURL!);
  const companyName = unique('Detail Co');
  const created = await createCredential(page, baseURL!, {
    companyName,
    email: 'it@detail.example',
    password: 'detail-pass',
    connectors: 'GITHUB_TOKEN=ghp_x',
    notes: 'Renew in June.',
  });

  // Direct load: the gate first.
  await page.goto(`/admin/credentials/${created.id}`);
  await expect(page.getByRole('heading', { name: 'Credentials Access' })).toBeVisible();
  await expect(page.getByText('it@detail.example')).toHaveCount(0);
  await unlock(page);
  await grantClipboard(context, baseURL!);

  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText([
    'Back to Credentials',
    'Dashboard',
    'Pipeline',
    'Site',
  ]);
  await expect(page.getByText('it@detail.example')).toBeVisible();
  await expect(page.getByText('API Keys / Connectors')).toBeVisible();
  await expect(page.getByText('GITHUB_TOKEN=ghp_x')).toBeVisible();
  await expect(page.getByText('Renew in June.')).toBeVisible();
  await expect(page.getByText('Created')).toBeVisible();
  await expect(page.getByText('Last updated')).toBeVisible();
  // Created and last updated are the same instant for a new credential.
  await expect(page.locator(`time[datetime="${created.createdAt}"]`)).toHaveCount(2);
  await expect(page.getByText('detail-pass')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByText('detail-pass')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Copy connectors' }).click();
  await expect(adminToasts(page).getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('GITHUB_TOKEN=ghp_x');

  // Edit: Cancel keeps, Save updates.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Notes').fill('Discarded');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Renew in June.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Company Name *')).toHaveValue(companyName);
  await expect(page.getByLabel('API Keys / Connectors')).toHaveValue('GITHUB_TOKEN=ghp_x');
  await page.getByLabel('Notes').fill('Renewed until next June.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(adminToasts(page).getByText('Credential updated')).toBeVisible();
  await expect(page.getByText('Renewed until next June.')).toBeVisible();

  // Back to the list and into the detail again: still unlocked (the password stays in memory).
  await page.getByRole('link', { name: 'Back to Credentials' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Credentials' })).toBeVisible();
  await expect(row(page, companyName)).toContainText('Renewed until next June.');
  await row(page, companyName).getByRole('link', { name: companyName }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/credentials/${created.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();

  // Danger Zone: delete asks with the detail's text, then back to the list.
  await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete this credential? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(adminToasts(page).getByText('Credential deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/credentials$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Credentials' })).toBeVisible();
  await expect(row(page, companyName)).toHaveCount(0);

  expect(unexpected(problems)).toEqual([]);
});

test("a missing credential shows 'Credential not found'", async ({ page, baseURL }) => {
  const problems = watchPageErrors(page);
  await signInFast(page, baseURL!);
  await page.goto('/admin/credentials/999999');
  await unlock(page);
  await expect(page.getByRole('heading', { name: 'Credential not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Credentials' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Credentials' })).toBeVisible();
  await page.goto('/admin/credentials/not-a-number');
  await unlock(page);
  await expect(page.getByRole('heading', { name: 'Credential not found' })).toBeVisible();
  expect(unexpected(problems, [404])).toEqual([]);
});

test('a credentials call refused with 403 later (password changed) locks the vault again', async ({
  page,
  baseURL,
}) => {
  const problems = watchPageErrors(page);
  await signInFast(page, baseURL!);
  const companyName = unique('Locked Co');
  await createCredential(page, baseURL!, { companyName });
  await page.goto('/admin/credentials');
  await unlock(page);
  await page.route(`**${CREDENTIALS}/*`, (route) =>
    route.fulfill({ status: 403, json: { error: 'Invalid password' } }),
  );
  const line = row(page, companyName);
  await line.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('row').getByRole('textbox', { name: 'Notes' }).fill('x');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Credentials Access' })).toBeVisible();
  await expect(adminToasts(page).getByText('Invalid password')).toBeVisible();
  await expect(page.getByText(companyName)).toHaveCount(0);
  expect(unexpected(problems, [403])).toEqual([]);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list is one card per credential, with copy, reveal, edit and delete', async ({
    page,
    context,
    baseURL,
  }) => {
    const problems = watchPageErrors(page);
    await grantClipboard(context, baseURL!);
    await signInFast(page, baseURL!);
    const companyName = unique('Phone Co');
    await createCredential(page, baseURL!, {
      companyName,
      email: 'a-rather-long-mailbox-name@phone-company.example',
      password: 'phone-pass',
      connectors: 'TOKEN=abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz',
    });
    await page.goto('/admin/credentials');
    await unlock(page);
    await expect(page.getByRole('table')).toBeHidden();
    const card = page.getByRole('article', { name: companyName });
    await expect(card).toBeVisible();
    await expectNoHorizontalScroll(page);

    await card.getByRole('button', { name: 'Show password' }).click();
    await expect(card).toContainText('phone-pass');
    await card.getByRole('button', { name: 'Copy password' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('phone-pass');
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('article', { name: companyName });
    await form.getByLabel('Notes').fill('Edited on a phone.');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(adminToasts(page).getByText('Credential updated')).toBeVisible();
    await expect(card).toContainText('Edited on a phone.');

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(adminToasts(page).getByText('Credential deleted')).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(unexpected(problems)).toEqual([]);
  });
});

const widths = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'mobile', width: 390, height: 844 },
] as const;

for (const { label, width, height } of widths) {
  test.describe(`credentials screenshots ${label} (${width} px)`, () => {
    test.use({ viewport: { width, height } });

    test('gate, unlocked list, add dialog, detail', async ({ page, baseURL }) => {
      test.slow();
      const dir = 'test-results/screenshots';
      await signInFast(page, baseURL!);
      // Only this picture's rows in the table.
      for (const credential of await vaultApi<Credential[]>(page, baseURL!, 'GET', CREDENTIALS)) {
        await vaultApi(page, baseURL!, 'DELETE', `${CREDENTIALS}/${credential.id}`);
      }
      const rows = [
        {
          companyName: unique('Harbor Supplies'),
          email: 'it@harbor.example',
          password: 'h4rb0r-2026!',
          connectors: 'STRIPE_SECRET=sk_live_51Hx…\nMAILGUN_KEY=key-3ax6…',
          notes: 'Billing portal, renew card in March.',
        },
        {
          companyName: unique('Bakery Bros'),
          email: 'owner@bakerybros.example',
          password: 'croissant-42',
          connectors: 'SHOPIFY_TOKEN=shpat_9f2c…',
          notes: 'Shop admin. 2FA on the owner phone.',
        },
        { companyName: unique('Maritime Merch'), email: 'ops@maritime.example' },
      ];
      const stored: Credential[] = [];
      for (const values of rows) stored.push(await createCredential(page, baseURL!, values));

      await page.goto('/admin/credentials');
      await expect(page.getByRole('heading', { name: 'Credentials Access' })).toBeVisible();
      await page.screenshot({ path: `${dir}/admin-credentials-gate-${width}.png`, fullPage: true });

      await unlock(page);
      // A table row from md up, a card below.
      const firstLink = page.getByRole('link', { name: rows[0]!.companyName });
      await expect(firstLink).toBeVisible();
      // The toast would cover the table's top right corner.
      await expect(adminToasts(page).getByText('Access granted')).toBeHidden({ timeout: 15_000 });
      await page.screenshot({ path: `${dir}/admin-credentials-list-${width}.png`, fullPage: true });

      // Inline edit: the row's cells as fields (a card's stacked form on a phone).
      await page.getByRole('button', { name: 'Edit' }).first().click();
      await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
      await page.screenshot({ path: `${dir}/admin-credentials-edit-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Add Credential' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${dir}/admin-credentials-add-${width}.png` });
      await page.keyboard.press('Escape');

      await firstLink.click();
      await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
      await page.screenshot({ path: `${dir}/admin-credentials-detail-${width}.png`, fullPage: true });

      for (const credential of stored)
        await vaultApi(page, baseURL!, 'DELETE', `${CREDENTIALS}/${credential.id}`);
    });
  });
}
