import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignRecipients, campaigns, contactMessages, contacts } from '../../src/db/schema/index.ts';
import { INTERRUPTED_MESSAGES } from '../../src/server/campaigns/campaign-recovery.ts';
import { type FakeGoogle, startFakeGoogle } from './helpers/google.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * What becomes of a campaign's recipients a dead process left `sending` (docs/decisions/044), on
 * rows put in that state directly: Gmail attempts settled by searching the account for their
 * Message-ID (stand-in for the Gmail API), SMTP attempts by whether their end of DATA was marked,
 * and 'Resend to N interrupted' (each at most once, `{ "error": … }` on bad input). The kill -9
 * case with real processes is tests/api/campaign-crash.test.ts.
 */

const ACCOUNT = 'owner@agency.test';
const DOMAIN = 'brightlane.studio';
const MINUTE = 60_000;

type Row = typeof campaignRecipients.$inferSelect;

/** A campaign `sending` whose recipients (one per new contact) are left as `state` says. */
async function seedCampaign(
  t: TestApp,
  name: string,
  states: Partial<
    Pick<Row, 'status' | 'attemptProvider' | 'attemptedAt' | 'dataEndAt' | 'resentAt' | 'sentAt'>
  >[],
) {
  const db = t.database.db;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      name,
      subject: `${name} for {{name}}`,
      htmlContent: '<p>Hello {{name}}</p>',
      status: 'sending',
    })
    .returning();
  const rows: Row[] = [];
  for (const [i, state] of states.entries()) {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${i}@example.com`;
    const [contact] = await db
      .insert(contacts)
      .values({ name: `Reader ${i}`, email, message: 'Hi' })
      .returning();
    const [row] = await db
      .insert(campaignRecipients)
      .values({
        campaignId: campaign!.id,
        contactId: contact!.id,
        email,
        name: contact!.name,
        status: 'sending',
        messageId: `${randomUUID()}@${DOMAIN}`,
        ...state,
        // Claimed as long ago as attempted (or 3 minutes when never attempted).
        updatedAt: state.attemptedAt ?? new Date(Date.now() - 3 * MINUTE),
      })
      .returning();
    rows.push(row!);
  }
  return { campaignId: campaign!.id, rows };
}

async function rowsOf(t: TestApp, ids: number[]) {
  const rows = await t.database.db
    .select()
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

const ago = (ms: number) => new Date(Date.now() - ms);

describe('campaign recovery through Gmail', () => {
  let google: FakeGoogle;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    google = await startFakeGoogle(ACCOUNT);
    t = await createTestApp(
      {
        GOOGLE_CLIENT_ID: 'test-client',
        GOOGLE_CLIENT_SECRET: 'test-secret',
        GOOGLE_ISSUER: google.issuerUrl,
        GMAIL_API_URL: google.gmailUrl,
        MAIL_FROM: `Brightlane <info@${DOMAIN}>`,
      },
      // The test runs the passes itself.
      { app: { campaignPollMs: 3_600_000 } },
    );
    // The app's start-up recovery and first pass run beside the test on PostgreSQL: wait them
    // out, or they meet the rows seeded below half-way (a row recovered to pending by neither, or
    // marked interrupted by the loop's pass before the test's own).
    await t.app.campaigns.idle();
    cookie = await signIn(t.app);
    // The popup's flow: start → the issuer's /authorize → our callback.
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google', headers: { cookie } });
    const back = new URL(
      (await fetch(new URL(start.headers.location as string), { redirect: 'manual' })).headers.get(
        'location',
      )!,
    );
    const state = start.cookies.find((c) => c.name === 'oauth_google')!;
    const done = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${cookie}; oauth_google=${state.value}` },
    });
    expect(done.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('a row Gmail has becomes sent (in the conversation), one it never got is sent once, a recent one waits', async () => {
    const { campaignId, rows } = await seedCampaign(t, 'Gmail recovery', [
      { attemptProvider: 'gmail', attemptedAt: ago(10 * MINUTE) },
      { attemptProvider: 'gmail', attemptedAt: ago(10 * MINUTE) },
      // Claimed 3 minutes ago but attempted 30 s ago: its request may still be with Google.
      { attemptProvider: 'gmail', attemptedAt: ago(30_000) },
    ]);
    const [delivered, lost, recent] = rows as [Row, Row, Row];
    // Gmail accepted the first before the crash: it is in the account under our Message-ID.
    google.deliver(
      Buffer.from(
        `Message-ID: <${delivered.messageId}>\r\nFrom: info@${DOMAIN}\r\nTo: ${delivered.email}\r\nSubject: x\r\n\r\nHello\r\n`,
      ),
      ['SENT'],
    );
    const sentBefore = google.sent.length;

    await t.app.campaigns.runOnce();

    const [a, b, c] = await rowsOf(t, [delivered.id, lost.id, recent.id]);
    expect(a).toMatchObject({ status: 'sent', errorMessage: null });
    expect(a!.sentAt?.toISOString()).toBe(delivered.attemptedAt!.toISOString());
    expect(b).toMatchObject({ status: 'sent', messageId: lost.messageId });
    expect(c).toMatchObject({ status: 'sending' });
    expect(google.searches).toEqual(
      expect.arrayContaining([`rfc822msgid:${delivered.messageId}`, `rfc822msgid:${lost.messageId}`]),
    );
    expect(google.searches).not.toContain(`rfc822msgid:${recent.messageId}`);
    // Only the one Gmail never got was sent again, once, with the Message-ID chosen the first time.
    const resent = google.sent.slice(sentBefore);
    expect(resent.map((m) => m.mail.messageId)).toEqual([`<${lost.messageId}>`]);
    // The delivered one joins the recipient's conversation, as a send does.
    const copies = await t.database.db
      .select()
      .from(contactMessages)
      .where(inArray(contactMessages.messageId, [delivered.messageId!, lost.messageId!]));
    expect(copies.map((m) => [m.messageId, m.campaignName, m.subject]).sort()).toEqual(
      [
        [delivered.messageId, 'Gmail recovery', 'Gmail recovery for Reader 0'],
        [lost.messageId, 'Gmail recovery', 'Gmail recovery for Reader 1'],
      ].sort(),
    );

    // Once it is old enough, the recent one is settled too (Gmail does not have it: sent once).
    await t.database.db
      .update(campaignRecipients)
      .set({ attemptedAt: ago(5 * MINUTE) })
      .where(eq(campaignRecipients.id, recent.id));
    await t.app.campaigns.runOnce();
    expect((await rowsOf(t, [recent.id]))[0]).toMatchObject({ status: 'sent' });
    expect(google.sent.slice(sentBefore).map((m) => m.mail.messageId)).toEqual([
      `<${lost.messageId}>`,
      `<${recent.messageId}>`,
    ]);
    const [campaign] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign).toMatchObject({ status: 'sent', sentCount: 3, pendingCount: 0 });
  });

  it('a connection that may not read leaves the row interrupted, saying why', async () => {
    await t.database.db.execute(
      sql`update mail_connections set scopes = 'openid email https://www.googleapis.com/auth/gmail.send'`,
    );
    const { rows } = await seedCampaign(t, 'Gmail send only', [
      { attemptProvider: 'gmail', attemptedAt: ago(10 * MINUTE) },
    ]);
    const sentBefore = google.sent.length;
    await t.app.campaigns.runOnce();
    const [row] = await rowsOf(t, [rows[0]!.id]);
    expect(row!.status).toBe('interrupted');
    expect(row!.errorMessage).toContain(INTERRUPTED_MESSAGES.other);
    expect(row!.errorMessage).toMatch(/reconnect it to allow reading/);
    expect(google.sent.length).toBe(sentBefore);
  });
});

describe('campaign recovery over SMTP, and Resend to interrupted', () => {
  let t: TestApp;
  let cookie: string;
  const details = async (id: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/campaigns/${id}/details`, headers: { cookie } })
    ).json();
  const resend = (id: number, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/resend-interrupted`,
      headers: { cookie },
      payload: payload as object,
    });

  beforeAll(async () => {
    // The outbox takes whatever is sent again; what is under test is which rows are.
    t = await createTestApp(
      { MAIL_FROM: `Brightlane <info@${DOMAIN}>` },
      { app: { campaignPollMs: 3_600_000 } },
    );
    // The app's start-up recovery and first pass run beside the test on PostgreSQL: wait them
    // out, or they meet the rows seeded below half-way (a row recovered to pending by neither, or
    // marked interrupted by the loop's pass before the test's own).
    await t.app.campaigns.idle();
    cookie = await signIn(t.app);
  });
  afterAll(async () => t?.close());

  it('SMTP: without the end of DATA marked the row is sent again; past it, it stays interrupted', async () => {
    const { rows } = await seedCampaign(t, 'SMTP recovery', [
      { attemptProvider: 'smtp', attemptedAt: ago(3 * MINUTE) },
      { attemptProvider: 'smtp', attemptedAt: ago(3 * MINUTE), dataEndAt: ago(3 * MINUTE) },
      { attemptProvider: 'outbox', attemptedAt: ago(3 * MINUTE) },
      {},
    ]);
    await t.app.campaigns.runOnce();
    const [noEnd, pastEnd, outbox, never] = await rowsOf(
      t,
      rows.map((r) => r.id),
    );
    expect(noEnd).toMatchObject({ status: 'sent', attemptProvider: 'outbox' });
    expect(pastEnd).toMatchObject({ status: 'interrupted', errorMessage: INTERRUPTED_MESSAGES.smtp });
    expect(outbox).toMatchObject({ status: 'interrupted', errorMessage: INTERRUPTED_MESSAGES.other });
    expect(never).toMatchObject({ status: 'sent' });
  });

  it('refuses bad input with { error }', async () => {
    const { campaignId } = await seedCampaign(t, 'Bad input', [
      { status: 'interrupted', attemptedAt: ago(MINUTE) },
    ]);
    for (const payload of [
      {},
      { count: 0 },
      { count: 'one' },
      { count: 1.5 },
      { count: 1, extra: true },
      [],
    ]) {
      const res = await resend(campaignId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error, JSON.stringify(payload)).toBe('string');
    }
    const unknown = await resend(999_999, { count: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBeTruthy();
    const badId = await t.app.inject({
      method: 'POST',
      url: '/api/admin/campaigns/x/resend-interrupted',
      headers: { cookie },
      payload: { count: 1 },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBeTruthy();
  });

  it('resends each interrupted recipient once; one interrupted again is never offered again', async () => {
    const { campaignId, rows } = await seedCampaign(t, 'Resend once', [
      { status: 'interrupted', attemptProvider: 'smtp', attemptedAt: ago(MINUTE), dataEndAt: ago(MINUTE) },
      { status: 'interrupted', attemptProvider: 'smtp', attemptedAt: ago(MINUTE), dataEndAt: ago(MINUTE) },
      { status: 'interrupted', attemptProvider: 'smtp', attemptedAt: ago(MINUTE), dataEndAt: ago(MINUTE) },
      { status: 'sent', attemptProvider: 'smtp', attemptedAt: ago(MINUTE), sentAt: ago(MINUTE) },
    ]);
    await t.database.db.update(campaigns).set({ status: 'sent' }).where(eq(campaigns.id, campaignId));
    expect((await details(campaignId)).interruptedToResend).toBe(3);

    // The confirmation named another number: nothing is resent.
    const stale = await resend(campaignId, { count: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/3 interrupted recipients can be resent now, not 2/);
    expect((await rowsOf(t, [rows[0]!.id]))[0]!.status).toBe('interrupted');

    const res = await resend(campaignId, { count: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sentCount: 3, success: 3, failed: 0, skipped: 0, pending: 0 });
    const after = await rowsOf(
      t,
      rows.map((r) => r.id),
    );
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(after.slice(0, 3).every((r) => r.resentAt !== null)).toBe(true);
    expect(after[3]!.resentAt).toBeNull();

    // The second click: nothing left.
    const again = await resend(campaignId, { count: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('No interrupted recipients are left to resend.');

    // A resent row interrupted again (a second crash at the same moment) is not offered again,
    // neither by the button nor by choosing the contact in 'Resend to New Recipients'.
    await t.database.db
      .update(campaignRecipients)
      .set({ status: 'interrupted' })
      .where(eq(campaignRecipients.id, rows[0]!.id));
    const d = await details(campaignId);
    expect(d.interruptedToResend).toBe(0);
    expect(d.recipients.find((r: { id: number }) => r.id === rows[0]!.id).status).toBe('interrupted');
    expect((await resend(campaignId, { count: 1 })).statusCode).toBe(409);
    const send = await t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/send`,
      headers: { cookie },
      payload: { recipientIds: [rows[0]!.contactId] },
    });
    expect(send.statusCode).toBe(200);
    expect((await rowsOf(t, [rows[0]!.id]))[0]!.status).toBe('interrupted');
  });

  it('a send choosing an interrupted contact counts as its one resend', async () => {
    const { campaignId, rows } = await seedCampaign(t, 'Chosen again', [
      { status: 'interrupted', attemptProvider: 'smtp', attemptedAt: ago(MINUTE), dataEndAt: ago(MINUTE) },
      { status: 'interrupted', attemptProvider: 'smtp', attemptedAt: ago(MINUTE), dataEndAt: ago(MINUTE) },
    ]);
    await t.database.db.update(campaigns).set({ status: 'sent' }).where(eq(campaigns.id, campaignId));
    const send = await t.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${campaignId}/send`,
      headers: { cookie },
      payload: { recipientIds: [rows[0]!.contactId] },
    });
    expect(send.statusCode).toBe(200);
    const [first] = await rowsOf(t, [rows[0]!.id]);
    expect(first).toMatchObject({ status: 'sent' });
    expect(first!.resentAt).not.toBeNull();
    expect((await details(campaignId)).interruptedToResend).toBe(1);
  });
});
