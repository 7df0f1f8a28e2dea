/**
 * The Security screen's sessions list (decision 036) in the real browser against the built server:
 * an owner signed in from three browsers (each its own user agent) sees every session with its
 * device, address and times, signs one out with 'Sign out', then the rest with 'Sign out everywhere
 * else', each after the step-up dialog (decision 061); the signed-out browsers land on the login
 * screen. The owner's new-device emails are in
 * the outbox. Screenshots at 1280 and 390 px go to test-results/screenshots/.
 */
import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { expectNoAxeViolations, expectNoHorizontalScroll, watchPageErrors } from './support/admin';
import { settled } from './support/helpers';
import { expectNothingClipped } from './support/layout';
import { type AppServer, startAppServer } from './support/server';
import { type Browser, expect, type Page, test } from './support/test';

const OWNER = { username: 'owner', password: 'correct horse battery' };
const shots = 'test-results/screenshots';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

// One owner's server for the whole file: its tests run in order in one worker, so it starts once.
test.describe.configure({ mode: 'default' });

let server: AppServer;
test.beforeAll(async () => {
  server = await startAppServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
});
test.afterAll(async () => server?.stop());

async function signedInPage(browser: Browser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl, userAgent });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

async function outboxSubjects(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
  const mails = await Promise.all(files.map((f) => PostalMime.parse(fs.readFileSync(path.join(dir, f)))));
  return mails.map((m) => m.subject ?? '');
}

test('lists the active sessions and signs them out, one or all but this one', async ({ browser }) => {
  // Four browsers and two step-ups (Argon2 password checks) on a shared 2-core machine.
  test.setTimeout(180_000);
  const laptop = await signedInPage(browser, CHROME_MAC);
  const problems = watchPageErrors(laptop);
  const office = await signedInPage(browser, FIREFOX_WINDOWS);
  const phone = await signedInPage(browser, IPHONE);

  await laptop.goto('/admin/security');
  const list = laptop.getByRole('list', { name: 'Active sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list).toContainText('Chrome 131 on macOS (desktop)');
  await expect(list).toContainText('Firefox 133 on Windows (desktop)');
  await expect(list).toContainText('Safari 17 on iOS (mobile)');
  await expect(list).toContainText('Address 127.0.0.1');
  await expect(list.getByRole('listitem').filter({ hasText: 'This browser' })).toContainText('Chrome 131');
  await expectNoAxeViolations(laptop);
  for (const { label, width, height } of [
    { label: 'desktop', width: 1280, height: 900 },
    { label: 'mobile', width: 390, height: 844 },
  ]) {
    await laptop.setViewportSize({ width, height });
    // Let the resized page lay out and paint before the full-page shot.
    await settled(laptop);
    await expectNoHorizontalScroll(laptop);
    await expectNothingClipped(laptop);
    await laptop.screenshot({ path: `${shots}/admin-security-sessions-${label}.png`, fullPage: true });
  }
  await laptop.setViewportSize({ width: 1280, height: 900 });

  // 'Sign out' on the Firefox row asks for a step-up first (decision 061: a stolen cookie must not
  // sign the owner out): a wrong password is refused and nothing is signed out; the right one,
  // submitted with Enter, runs the sign-out. That browser is signed out, the others stay.
  await list.getByRole('button', { name: /Sign out Firefox 133/ }).click();
  const stepUp = laptop.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp).toContainText('sign other browsers out');
  await stepUp.getByLabel('Password').fill('not the password');
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp.getByText('Invalid password')).toBeVisible();
  await laptop.setViewportSize({ width: 390, height: 844 });
  await settled(laptop);
  await expectNoHorizontalScroll(laptop);
  await laptop.screenshot({ path: `${shots}/admin-sessions-step-up-mobile.png` });
  await laptop.setViewportSize({ width: 1280, height: 900 });
  await stepUp.getByLabel('Password').fill(OWNER.password);
  await stepUp.getByLabel('Password').press('Enter');
  await expect(stepUp).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(laptop.getByText('Signed out', { exact: true })).toBeVisible();
  await office.goto('/admin/security');
  await expect(office).toHaveURL(/\/admin\/login$/);
  await phone.goto('/admin/security');
  await expect(phone.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

  // 'Sign out everywhere else' from a browser signed in just now (so not stepped up): after its
  // confirmation it asks for the password too, then signs out the laptop and the phone.
  const desk = await signedInPage(browser, CHROME_MAC);
  await desk.goto('/admin/security');
  const deskList = desk.getByRole('list', { name: 'Active sessions' });
  await expect(deskList.getByRole('listitem')).toHaveCount(3);
  await desk.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const confirm = desk.getByRole('alertdialog');
  await expect(confirm).toContainText('2 other browsers are signed out.');
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  const deskStepUp = desk.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(deskStepUp).toBeVisible();
  // Until the step-up is done, nothing is signed out.
  await laptop.reload();
  await expect(laptop.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await deskStepUp.getByLabel('Password').fill(OWNER.password);
  await deskStepUp.getByLabel('Password').press('Enter');
  await expect(deskStepUp).toBeHidden();
  await expect(desk.getByText('Signed out 2 other sessions', { exact: true })).toBeVisible();
  await expect(deskList.getByRole('listitem')).toHaveCount(1);
  await expect(desk.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  await phone.reload();
  await expect(phone).toHaveURL(/\/admin\/login$/);
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/admin\/login$/);
  await desk.reload();
  await expect(desk.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

  // The owner was told about each new device, through the mail queue's outbox: the Firefox and
  // the iPhone sign-ins (the installation's first sign-in, the Mac, has no device to differ from).
  await expect
    .poll(
      async () => (await outboxSubjects(server.dataDir)).filter((s) => s.includes('New sign-in')).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(2);
  expect(problems.filter((p) => !p.includes('401') && !p.includes('Failed to load resource'))).toEqual([]);
});
