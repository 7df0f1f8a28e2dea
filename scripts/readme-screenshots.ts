/**
 * `npm run screenshots`: the README's screenshots (docs/screenshots/readme-*.png), taken in
 * Debian's Chromium (`CHROMIUM_PATH`) from the built app on a fresh embedded database in demo mode,
 * filled with a small agency's believable week through the same APIs the screens use: leads from
 * the form with their sources, a contact added by hand, tags, follow-up tasks (one overdue), a
 * client and a sent campaign. Run `npm run build` first. Every screenshot is checked for sideways
 * scroll before it is written.
 */
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { DEMO_ADMIN } from '../src/shared/auth.ts';
import { sameOrigin } from '../tests/e2e/support/admin.ts';
import { startAppServer } from '../tests/e2e/support/server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const out = path.join(import.meta.dirname, '..', 'docs', 'screenshots');

const leads = [
  {
    name: 'Olivia Park',
    email: 'olivia@parkbakery.example',
    message:
      'We run two bakeries and want customers to order cakes online and pick them up. Could you build a site with ordering and a small admin for us? Budget around 8k.',
    source: { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'autumn' },
  },
  {
    name: 'Daniel Reyes',
    email: 'daniel@reyesphysio.example',
    message: 'Looking for a booking app for our physio clinic (iOS and Android). Can we talk next week?',
    source: { referrer: 'www.google.com' },
    phone: '+44 20 7946 0321',
  },
  {
    name: 'Ngọc Trần',
    email: 'ngoc@lotusstudio.example',
    message: 'Our yoga studio site is slow and hard to update. We would like a redesign before January.',
    source: { utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'portfolio' },
  },
  {
    name: 'Tom Becker',
    email: 'tom@beckerlogistics.example',
    message:
      'Need a customer portal to track deliveries. Existing API available. What would a first phase cost?',
    source: { referrer: 'www.linkedin.com' },
  },
  {
    name: 'Priya Nair',
    email: 'priya@nairlaw.example',
    message: 'A referral from Tom. Small law firm, we need a clean, trustworthy website with a contact form.',
    source: {},
  },
  {
    name: 'José Álvarez',
    email: 'jose@alvarezwines.example',
    message:
      'Online shop for our wine cellar, with age check and delivery zones. Happy to send examples we like.',
    source: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'shop-builds' },
  },
];

/** A JSON call with the page's session, as the admin screens make it. */
async function api<T>(page: Page, baseUrl: string, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${baseUrl}${url}`, {
    method,
    data,
    headers: sameOrigin(baseUrl),
  });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  if (sideways) {
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > innerWidth + 1)
        .slice(0, 8)
        .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
    );
    throw new Error(`${name}: the page scrolls sideways:\n${wide.join('\n')}`);
  }
  await page.screenshot({ path: path.join(out, `readme-${name}.png`) });
  console.log(`docs/screenshots/readme-${name}.png`);
}

const server = await startAppServer({ CONTACT_POW: 'off', LOG_LEVEL: 'error' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  // A person's browser: the visit counter leaves out user agents that name themselves headless.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  });
  const page = await context.newPage();
  const base = server.baseUrl;

  // Visits and leads, as visitors make them (a person's browser, not a bot's user agent).
  for (const lead of leads) {
    await page.goto(base, { waitUntil: 'commit' });
    await api(page, base, 'POST', '/api/contact', {
      name: lead.name,
      email: lead.email,
      message: lead.message,
      phone: lead.phone,
      source: { landingPath: '/', ...lead.source },
    });
  }
  await context.clearCookies();
  const signIn = await page.request.post(`${base}/api/admin/login`, {
    data: DEMO_ADMIN,
    headers: sameOrigin(base),
  });
  if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()}`);

  const tags = await api<{ id: number; name: string }[]>(page, base, 'GET', '/api/admin/tags');
  const tag = (name: string) => tags.find((t) => t.name === name)?.id;
  const added = await api<{ id: number }>(page, base, 'POST', '/api/admin/contacts', {
    name: 'Sarah Lindqvist',
    email: 'sarah@nordicdental.example',
    phone: '+46 8 123 456',
    company: 'Nordic Dental',
    notes: 'Met at the Stockholm meetup. Wants a patient booking flow; call after the 1st.',
    status: 'qualified',
    tagIds: [tag('Hot lead'), tag('Mobile app')].filter((id): id is number => id !== undefined),
  });
  const contacts = await api<{ id: number; name: string }[]>(
    page,
    base,
    'GET',
    '/api/admin/contacts?limit=50',
  );
  const id = (name: string) => contacts.find((c) => c.name === name)!.id;
  await api(page, base, 'POST', `/api/admin/contacts/${id('Daniel Reyes')}/status`, { status: 'contacted' });
  await api(page, base, 'POST', `/api/admin/contacts/${id('Tom Becker')}/status`, { status: 'qualified' });
  const tagged = [
    ['Website', ['Olivia Park', 'Ngọc Trần', 'Priya Nair', 'José Álvarez']],
    ['Mobile app', ['Daniel Reyes']],
    ['Hot lead', ['Olivia Park', 'Tom Becker']],
  ] as const;
  for (const [name, people] of tagged) {
    await api(page, base, 'POST', '/api/admin/contacts/bulk', {
      selection: { ids: people.map(id) },
      action: { type: 'addTag', tagId: tag(name) },
    });
  }
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
  await api(page, base, 'POST', '/api/admin/tasks', {
    contactId: id('Olivia Park'),
    title: 'Send the ordering-site proposal',
    description: 'Two shops, pickup slots, cake builder.',
    priority: 'high',
    dueAt: day(-1),
  });
  await api(page, base, 'POST', '/api/admin/tasks', {
    contactId: id('Daniel Reyes'),
    title: 'Call about the booking app',
    priority: 'medium',
    dueAt: day(2),
  });
  await api(page, base, 'POST', '/api/admin/tasks', {
    contactId: added.id,
    title: 'Follow up after the meetup',
    priority: 'low',
    dueAt: day(6),
  });
  await api(page, base, 'POST', `/api/admin/contacts/${id('Priya Nair')}/convert-to-client`);
  const campaign = await api<{ id: number }>(page, base, 'POST', '/api/admin/campaigns', {
    name: 'Autumn portfolio update',
    subject: 'Three launches this autumn, {{firstName}}',
    htmlContent:
      '<p>Hello {{firstName}},</p><p>This autumn we shipped a booking app, a bakery shop and a clinic portal.</p><p><a href="https://example.com/work">See the projects</a></p>',
    recipientIds: [id('Olivia Park'), id('Tom Becker'), id('José Álvarez')],
  });
  await api(page, base, 'POST', `/api/admin/campaigns/${campaign.id}/send`, {
    recipientIds: [id('Olivia Park'), id('Tom Becker'), id('José Álvarez')],
  });

  for (const [width, height, suffix] of [
    [1280, 800, '1280'],
    [390, 844, '390'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(base);
    await page.locator('html[data-hydrated="true"]').waitFor();
    // The ambient layer (hexagon grid) starts once the browser is idle; two frames to draw it.
    await page.locator('[data-testid="hex-grid"]').waitFor({ state: 'attached' });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await shoot(page, `landing-${suffix}`);
    // The whole dashboard in one tall window: a full-page capture left the chart blank (Chromium
    // drew the page in pieces around the chart's clipped box), a taller window does not.
    if (width === 1280) await page.setViewportSize({ width, height: 1780 });
    await page.goto(`${base}/admin`);
    await page.getByRole('heading', { name: 'Recent Contacts' }).waitFor();
    await page.locator('.recharts-wrapper').waitFor();
    await shoot(page, `dashboard-${suffix}`);
    await page.setViewportSize({ width, height });
    await page.goto(`${base}/admin/contacts`);
    await page.getByText('Sarah Lindqvist').first().waitFor();
    await shoot(page, `contacts-${suffix}`);
    await page.goto(`${base}/admin/contacts/${id('Olivia Park')}`);
    await page.getByRole('heading', { name: 'Olivia Park' }).first().waitFor();
    await shoot(page, `contact-${suffix}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
