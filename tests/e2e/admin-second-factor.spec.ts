/**
 * In the real browser against the built server: an owner (ADMIN_*
 * configured, APP_URL on `localhost` because WebAuthn refuses IP addresses) registers a passkey
 * through Chromium's virtual authenticator (DevTools protocol `WebAuthn.addVirtualAuthenticator`)
 * and a TOTP app whose codes the test computes (otpauth), then signs in with the passkey alone,
 * with password + code, and with password + recovery code; the vault asks for the factor again.
 * Screenshots of the Security screen at 1280 and 390 px go to test-results/screenshots/.
 * Demo mode shows the screen read-only (the shared demo server).
 */

import { Secret, TOTP } from 'otpauth';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInFast,
  watchPageErrors,
} from './support/admin';
import { settled } from './support/helpers';
import { expectNothingClipped } from './support/layout';
import { type AppServer, startAppServer } from './support/server';
import { type BrowserContext, expect, type Page, test } from './support/test';

const OWNER = { username: 'owner', password: 'correct horse battery' };
const VAULT = 'vault password for e2e';
const shots = 'test-results/screenshots';

async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signInWithPassword(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

const codeAt = (secret: string, offsetSeconds = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1000 });

test.describe('second factor with a configured owner', () => {
  // One owner's server for the group: its tests run in order in one worker, so it starts once.
  test.describe.configure({ mode: 'default' });
  let server: AppServer;
  test.beforeAll(async () => {
    server = await startAppServer(
      { ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, VAULT_PASSWORD: VAULT },
      { publicHost: 'localhost' },
    );
  });
  test.afterAll(async () => server?.stop());

  test('add a passkey and a TOTP app, sign in with either, recover with a code', async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const problems = watchPageErrors(page);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);

    // No factor yet: the password alone signs in, as before.
    await signInWithPassword(page);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Security' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await expect(page.getByText('No passkey yet.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sign-in activity' })).toContainText('Signed in');
    await expectNoAxeViolations(page);

    // A passkey, through the virtual authenticator; the first factor brings ten recovery codes, shown once.
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Laptop 🔑 مفتاح');
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    // A factor change asks for a step-up first (decision 036): with no factor yet, the password.
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(stepUp).toBeVisible();
    await expect(stepUp.getByLabel(/code/)).toHaveCount(0);
    await stepUp.getByLabel('Password').fill('not the password');
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp.getByText('Invalid password')).toBeVisible();
    await stepUp.getByLabel('Password').fill(OWNER.password);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    const codesDialog = page.getByRole('dialog', { name: 'Your recovery codes' });
    await expect(codesDialog).toBeVisible();
    const codes = await codesDialog
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(codes).toHaveLength(10);
    await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
    const passkeys = page.getByRole('list', { name: 'Passkeys' });
    await expect(passkeys).toContainText('Laptop 🔑 مفتاح');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    // Rename, by keyboard.
    await page.getByRole('button', { name: /Rename passkey/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByLabel('Name').fill('Work laptop');
    await page.keyboard.press('Enter');
    await expect(passkeys).toContainText('Work laptop');

    // The TOTP app: QR code, then a code computed here.
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/admin-security-totp-setup-mobile.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/The code is not right/)).toBeVisible();
    await page.getByLabel('Code from the app').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Set up', { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove authenticator app' })).toBeVisible();
    await expect(page.getByText('10 of 10 codes left.')).toBeVisible();

    // A fresh load: no toast over the shots.
    await page.reload();
    await expect(passkeys).toContainText('Work laptop');
    for (const { label, width, height } of [
      { label: 'desktop', width: 1280, height: 900 },
      { label: 'mobile', width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width, height });
      await settled(page);
      await expectNoHorizontalScroll(page);
      await expectNothingClipped(page);
      await page.screenshot({ path: `${shots}/admin-security-${label}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // This session signed in before any factor existed: the vault asks for the factor once.
    await page.goto('/admin/credentials');
    await page.getByLabel('Password').fill(VAULT);
    await page.getByRole('button', { name: 'Access Credentials' }).click();
    await expect(page.getByText('The vault was idle for 15 minutes')).toBeVisible();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Credentials', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).click();

    // Passkey alone.
    await logout(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // The password alone no longer signs in: it leads to the second step. TOTP code (next step:
    // the confirming code's step is used up).
    await logout(page);
    await signInWithPassword(page);
    await expect(page.getByText('Password accepted.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const check = await page.request.get('/api/admin/check');
    expect((await check.json()).isAdmin).toBe(false);
    await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    for (const [label, width] of [
      ['mobile', 390],
      ['desktop', 1280],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${shots}/admin-login-second-step-${label}.png`, fullPage: true });
    }
    await page.getByLabel('Authenticator code').fill(codeAt(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // Recovery code, once.
    await logout(page);
    await signInWithPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await logout(page);
    await signInWithPassword(page);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid recovery code').first()).toBeVisible();
    await page.getByLabel('Recovery code').fill(codes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // The screen lists what happened; removing asks first (Cancel keeps the passkey).
    await page.goto('/admin/security');
    const activity = page.getByRole('list', { name: 'Sign-in activity' });
    await expect(activity).toContainText('password + recovery code');
    await expect(activity).toContainText('Failed sign-in');
    await expect(activity).toContainText('password + authenticator code');
    await expect(activity).toContainText('127.0.0.1');
    await page.getByRole('button', { name: /Remove passkey/ }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Remove this passkey?');
    await page.keyboard.press('Escape');
    await expect(passkeys).toContainText('Work laptop');
    // Opened at 390 px: the dialog's scroll lock measures the page it opens on.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /Remove passkey/ }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    // This session has not stepped up: the password and a factor again (here a recovery code).
    await expect(stepUp).toBeVisible();
    await expect(stepUp.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await stepUp.getByLabel('Password').fill(OWNER.password);
    for (const [label, width] of [
      ['mobile', 390],
      ['desktop', 1280],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `${shots}/admin-security-step-up-${label}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp.getByText('Code is required.')).toBeVisible();
    await stepUp.getByLabel('Authenticator or recovery code').fill(codes[2]!);
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('No passkey yet.')).toBeVisible();
    await expect(activity).toContainText('Factor removed');
    expect(problems.filter((p) => !p.includes('401') && !p.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});

test('demo mode keeps the test login and shows the Security screen read-only', async ({ page, baseURL }) => {
  // Two viewports, each with a full-page screenshot, then axe-core: 31.8 s on a slow two-core
  // machine with three workers (decision 053).
  test.slow();
  await signInFast(page, baseURL!);
  for (const { label, width, height } of [
    { label: 'desktop', width: 1280, height: 800 },
    { label: 'mobile', width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto('/admin/security');
    await expect(page.getByRole('note')).toContainText('Demo mode: this screen is read-only.');
    await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
    await expect(page.getByText(/APP_URL/)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNothingClipped(page);
    await page.screenshot({ path: `${shots}/admin-security-demo-${label}.png`, fullPage: true });
  }
  await expectNoAxeViolations(page);
});
