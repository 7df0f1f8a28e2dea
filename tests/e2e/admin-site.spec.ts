/**
 * The 'Site' screen (decision 069) in the real browser against the built server: the owner edits a
 * testimonial, reorders the FAQ with the keyboard, adds a project with an uploaded video (its
 * poster the server's first frame; a file lying about its type refused) and removes another,
 * previews the draft at 1280 and 390 px while visitors still get the
 * live page, publishes, and the public landing shows the new text — a `<script>` typed into a
 * testimonial as text. Leaving with unsaved changes warns; an older version comes back as the
 * draft and goes live again. Publishing changes the landing, so this file runs a server of its
 * own (`siteServer`), leaving the shared one's landing as the other files expect it.
 * Screenshots in test-results/screenshots/site-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { defaultSiteContent } from '../../src/shared/site-content-default.ts';
import { makeVideo } from '../api/helpers/media-files.ts';
import {
  adminApi,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInFast,
  watchPageErrors,
} from './support/admin';
import { toasts, unique } from './support/helpers';
import { type AppServer, startAppServer } from './support/server';
import { expect, type Page } from './support/test';

const test = base.extend<object, { siteServer: AppServer }>({
  siteServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const server = await startAppServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ siteServer }, use) => use(siteServer.baseUrl),
});
test.describe.configure({ mode: 'default' });

const shots = 'test-results/screenshots';
/** A one-second MP4 (ffmpeg), uploaded as a project's video. */
const clip = makeVideo(fs.mkdtempSync(path.join(os.tmpdir(), 'site-video-')));

type Draft = typeof defaultSiteContent;
const siteState = (page: Page, baseURL: string) =>
  adminApi<{ draft: Draft; published: Draft; version: number }>(page, baseURL, 'GET', '/api/admin/site');

/** Waits until the editor says the server has the draft. */
const saved = (page: Page) =>
  expect(page.getByTestId('save-status')).toHaveText('Saved', { timeout: 15_000 });

/** The public landing's HTML and its text as a visitor's browser shows it. */
async function publicLanding(page: Page, baseURL: string): Promise<{ html: string; text: string }> {
  const html = await (await page.request.get(`${baseURL}/`, { headers: { cookie: '' } })).text();
  const visitor = await page.context().browser()!.newPage({ baseURL });
  const alerts: string[] = [];
  visitor.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await visitor.goto('/');
  const text = await visitor.evaluate(() => document.body.textContent ?? '');
  await visitor.close();
  expect(alerts).toEqual([]);
  return { html, text };
}

async function openEditor(page: Page, baseURL: string) {
  await signInFast(page, baseURL);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Site', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/site$/);
  await expect(page.getByRole('heading', { name: 'Site', level: 1 })).toBeVisible();
  await saved(page);
}

for (const width of [1280, 390]) {
  test(`at ${width} px: edits, reorders, adds and removes, previews, publishes`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const problems = watchPageErrors(page);
    await openEditor(page, baseURL!);
    const before = await siteState(page, baseURL!);

    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/site-editor-${width}.png`, fullPage: true });

    // A testimonial's text, with markup that must stay text.
    const text = `${unique('Loved it')} <script>alert(1)</script>`;
    await page.getByRole('tab', { name: 'Testimonials' }).click();
    const first = page.locator('#field-testimonials-item-0');
    await first.getByRole('button', { name: /^Testimonial 1: / }).click();
    await first.getByLabel('Text', { exact: true }).fill(text);
    await expect(page.getByTestId('save-status')).not.toHaveText('Saved');
    await saved(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/site-testimonial-${width}.png`, fullPage: true });

    // The FAQ, reordered from the keyboard on the drag handle: Space lifts, ↓ moves, Space drops.
    await page.getByRole('tab', { name: 'FAQ' }).click();
    const [cat0, cat1] = before.draft.faqCategories.map((c) => c.category);
    await page.getByRole('button', { name: `Reorder FAQ category 1: ${cat0}` }).focus();
    // Each step waits for its announcement (the list is measured once the item is lifted).
    await page.keyboard.press('Space');
    await expect(page.getByText(`Picked up FAQ category 1: ${cat0}.`)).toBeAttached();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByText(`FAQ category 1: ${cat0} is over position 2 of`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText(`FAQ category 1: ${cat0} was dropped at position 2 of`)).toBeAttached();
    await expect(page.getByRole('button', { name: `Reorder FAQ category 1: ${cat1}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Reorder FAQ category 2: ${cat0}` })).toBeFocused();
    await saved(page);
    expect((await siteState(page, baseURL!)).draft.faqCategories.map((c) => c.category).slice(0, 2)).toEqual([
      cat1,
      cat0,
    ]);

    // A project added (its fields filled, its poster's upload answered by the server)…
    await page.getByRole('tab', { name: 'Projects' }).click();
    const count = before.draft.projects.length;
    await page.getByRole('button', { name: 'Add project' }).click();
    const added = page.locator(`#field-projects-item-${count}`);
    await expect(page.getByTestId('save-status')).toContainText('fix');
    const project = unique('Harbour Bookings');
    await added.getByLabel('Name', { exact: true }).fill(project);
    await added.getByLabel('Description', { exact: true }).fill('Berths booked online.');
    // The video uploaded (a real MP4 made by ffmpeg): its address goes into the field and its first
    // frame, made by the server, becomes the poster. No WebM: one MP4 is enough.
    const chooser = page.waitForEvent('filechooser');
    await added.getByRole('button', { name: 'Upload Video (MP4)' }).click();
    await (await chooser).setFiles({ name: 'harbour.mp4', mimeType: 'video/mp4', buffer: clip });
    await expect(
      toasts(page).getByText('harbour.mp4 is in the draft, its first frame as the poster.'),
    ).toBeVisible({
      timeout: 30_000,
    });
    const mp4 = await added.getByRole('textbox', { name: 'Video (MP4)' }).inputValue();
    const poster = await added.getByRole('textbox', { name: 'Poster' }).inputValue();
    expect(mp4).toMatch(/^\/media\/[0-9a-f]{32}\.mp4$/);
    expect(poster).toMatch(/^\/media\/[0-9a-f]{32}-\d+\.webp$/);
    const served = await page.request.get(mp4);
    expect([served.status(), served.headers()['content-type']]).toEqual([200, 'video/mp4']);
    // A file that is not what it says: one sentence, the field unchanged.
    const liar = page.waitForEvent('filechooser');
    await added.getByRole('button', { name: 'Upload Poster' }).click();
    await (await liar).setFiles({
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    await expect(toasts(page).getByText(/not an image|not a .*file|type/i)).toBeVisible();
    await expect(added.getByRole('textbox', { name: 'Poster' })).toHaveValue(poster);
    await saved(page);
    expect((await siteState(page, baseURL!)).draft.projects.map((p) => p.name)).toContain(project);

    // Another project added and removed after the confirmation.
    await page.getByRole('button', { name: 'Add project' }).click();
    const extra = page.locator(`#field-projects-item-${count + 1}`);
    await extra.getByRole('button', { name: /^Remove Project / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(toasts(page).getByText('Project removed')).toBeVisible();
    await expect(page.locator(`#field-projects-item-${count + 1}`)).toHaveCount(0);
    await saved(page);
    expect((await siteState(page, baseURL!)).draft.projects).toHaveLength(count + 1);

    // The preview shows the draft at both widths; visitors still get the live page.
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview of the draft' });
    const desktopFrame = page.frameLocator('iframe[title="Preview of the draft at 1280 px"]');
    await expect(desktopFrame.locator('body')).toContainText(text, { timeout: 30_000 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/site-preview-desktop-${width}.png` });
    await dialog.getByText('Phone (390 px)').click();
    const phoneFrame = page.frameLocator('iframe[title="Preview of the draft at 390 px"]');
    await expect(phoneFrame.locator('body')).toContainText(text, { timeout: 30_000 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `${shots}/site-preview-phone-${width}.png` });
    expect((await publicLanding(page, baseURL!)).text).not.toContain(text);
    await page.keyboard.press('Escape');

    // Publish, after a confirmation that says what changed.
    await page.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Publish the draft?' });
    await expect(confirm).toContainText('testimonials changed');
    await expect(confirm).toContainText('FAQ changed');
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(toasts(page).getByText(`Version ${before.version + 1} is live.`)).toBeVisible();
    await expect(page.getByTestId('live-version')).toContainText(`version ${before.version + 1}`);

    const landing = await publicLanding(page, baseURL!);
    expect(landing.text).toContain(text);
    expect(landing.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(landing.html).not.toContain('<script>alert(1)');
    // The new project with its uploaded video and poster is on the live page.
    expect(landing.text).toContain(project);
    expect(landing.html).toContain(poster);
    // The refused upload's 400 is the browser's own console line.
    expect(problems.filter((p) => !p.includes('status of 400'))).toEqual([]);
  });
}

test('warns before leaving with unsaved changes, in the app and in the browser', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await openEditor(page, baseURL!);
  // A required text emptied: the draft cannot be saved, so leaving would lose the change.
  await page.getByRole('tab', { name: 'Hero and stats' }).click();
  const eyebrow = page.getByLabel('Eyebrow', { exact: true });
  await eyebrow.fill('');
  await expect(page.getByTestId('save-status')).toHaveText(/Unsaved changes: fix 1 problem/);
  await expect(eyebrow).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#field-hero-eyebrow-error')).toHaveText('Required.');

  await page.getByRole('link', { name: 'Pipeline' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/admin\/site$/);
  await expect(eyebrow).toHaveValue('');

  // Reload, close or a typed address: the browser's own prompt.
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await prompt;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('restores an older version as the draft, and publishing it brings it back live', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openEditor(page, baseURL!);
  const before = await siteState(page, baseURL!);
  const original = defaultSiteContent.testimonials[0]!.testimonial;
  expect(before.published.testimonials[0]!.testimonial).not.toBe(original);

  const versionOne = page.locator('li[data-version="1"]');
  await expect(versionOne).toContainText('first start');
  await versionOne.getByRole('button', { name: 'Restore version 1' }).click();
  await page
    .getByRole('alertdialog', { name: 'Restore version 1?' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(toasts(page).getByText('Version 1 restored')).toBeVisible();
  await saved(page);
  expect((await siteState(page, baseURL!)).draft.testimonials[0]!.testimonial).toBe(original);
  await page.getByRole('tab', { name: 'Testimonials' }).click();
  const first = page.locator('#field-testimonials-item-0');
  await first.getByRole('button', { name: /^Testimonial 1: / }).click();
  await expect(first.getByLabel('Text', { exact: true })).toHaveValue(original);

  await page.getByRole('button', { name: 'Publish' }).click();
  await page
    .getByRole('alertdialog', { name: 'Publish the draft?' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(toasts(page).getByText(`Version ${before.version + 1} is live.`)).toBeVisible();
  await expect(page.locator(`li[data-version="${before.version + 1}"]`)).toContainText(
    'testimonials changed',
  );
  expect((await publicLanding(page, baseURL!)).text).toContain(original);
});

test("'Publish at': set, shown and cancelled; a scheduled publish goes live and the screen says so", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await openEditor(page, baseURL!);
  const form = page.getByRole('form', { name: 'Publish at' });
  // In the past: refused at the field.
  await form.getByLabel('Publish at').fill('2020-01-01T10:00');
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.locator('#publish-at-error')).toHaveText('Choose a time in the future.');
  // Tomorrow at 09:30: shown, then cancelled.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await form.getByLabel('Publish at').fill(`${day}T09:30`);
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(toasts(page).getByText('Publish scheduled')).toBeVisible();
  await expect(page.getByTestId('scheduled-publish')).toContainText('Publishes at');
  expect((await adminApi<{ publishAt: string }>(page, baseURL!, 'GET', '/api/admin/site')).publishAt).toBe(
    new Date(`${day}T09:30`).toISOString(),
  );
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel scheduled publish' }).click();
  await expect(toasts(page).getByText('Scheduled publish cancelled')).toBeVisible();
  await expect(form).toBeVisible();
  expect(
    (await adminApi<{ publishAt: string | null }>(page, baseURL!, 'GET', '/api/admin/site')).publishAt,
  ).toBeNull();

  // A change scheduled a few seconds ahead goes live through the server's worker, with the
  // editor open (it checks every few seconds) and without it.
  const eyebrow = unique('Scheduled eyebrow');
  await page.getByRole('tab', { name: 'Hero and stats' }).click();
  await page.getByLabel('Eyebrow', { exact: true }).fill(eyebrow);
  await saved(page);
  const before = await siteState(page, baseURL!);
  await adminApi(page, baseURL!, 'PUT', '/api/admin/site/schedule', {
    publishAt: new Date(Date.now() + 3000).toISOString(),
  });
  await page.reload();
  await saved(page);
  await expect(toasts(page).getByText(`Version ${before.version + 1} is live (scheduled).`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('live-version')).toContainText(`version ${before.version + 1}`);
  await expect(form).toBeVisible();
  expect((await publicLanding(page, baseURL!)).text).toContain(eyebrow);
});

test('without ffmpeg the Projects tab says a video needs its own poster; the video is taken alone', async ({
  browser,
}) => {
  test.slow(); // a server of its own
  const server = await startAppServer({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  try {
    await signInFast(page, server.baseUrl);
    await page.goto('/admin/site');
    await page.getByRole('tab', { name: 'Projects' }).click();
    await expect(page.getByRole('note')).toHaveText(
      /cannot take a poster from a video \(ffmpeg is not installed\)/,
    );
    const count = (await siteState(page, server.baseUrl)).draft.projects.length;
    await page.getByRole('button', { name: 'Add project' }).click();
    const first = page.locator(`#field-projects-item-${count}`);
    const poster = await first.getByRole('textbox', { name: 'Poster' }).inputValue();
    const chooser = page.waitForEvent('filechooser');
    await first.getByRole('button', { name: 'Upload Video (MP4)' }).click();
    await (await chooser).setFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip });
    await expect(
      toasts(page).getByText('clip.mp4 is in the draft: upload a poster image for it too.'),
    ).toBeVisible();
    await expect(first.getByRole('textbox', { name: 'Video (MP4)' })).toHaveValue(
      /^\/media\/[0-9a-f]{32}\.mp4$/,
    );
    await expect(first.getByRole('textbox', { name: 'Poster' })).toHaveValue(poster);
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
    await server.stop();
  }
});
