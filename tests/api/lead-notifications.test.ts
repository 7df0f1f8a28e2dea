import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../../src/db/schema/index.ts';
import { DIGEST_WINDOW_MS, decideLeadMail, leadWaitEnds } from '../../src/server/mail/lead-digest.ts';
import { leadNotification } from '../../src/server/mail/lead-notification.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * The owner's lead notification (readable text, Reply-To the lead, the lead named in
 * the subject) and its collapse into digests under a flood (decision 018), on a clock the test moves.
 */

const lead = {
  name: 'Olivia Bennett',
  email: 'olivia@example.com',
  phone: '+1 555 0100',
  message: 'We need an app for our bakery.\nCan you call me?',
  preferTextAndCall: true,
};

describe('lead notifications', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  // Ahead of the database's clock, which stamps when a queued row becomes due.
  let clock = Date.now() + 10 * 60 * 1000;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(
      {
        SMTP_URL: smtp.url,
        NOTIFY_EMAIL: 'owner@example.com',
        CONTACT_RATE_LIMIT: '1000',
        CONTACT_POW: 'off',
        APP_URL: 'https://agency.example',
        SITE_NAME: 'Brightlane Studio',
      },
      { app: { now: () => new Date(clock), mailQueuePollMs: 100 } },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: body });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };
  const linkedIds = async () => {
    const ids: number[] = [];
    for (const m of smtp.messages) {
      for (const match of ((await m.parsed()).text ?? '').matchAll(/\/admin\/contacts\/(\d+)/g))
        ids.push(Number(match[1]));
    }
    return ids;
  };
  const settle = () => new Promise((r) => setTimeout(r, 800));

  it('reads well as text, names the lead in the subject and replies to the lead', async () => {
    const id = await post(lead);
    await smtp.waitFor(1);
    const mail = await smtp.messages[0]!.parsed();
    expect(smtp.messages[0]!.envelopeTo).toEqual(['owner@example.com']);
    expect(mail.subject).toBe('New lead: Olivia Bennett');
    expect(mail.replyTo).toEqual([{ name: 'Olivia Bennett', address: 'olivia@example.com' }]);
    expect(mail.text).toContain('New lead from the Brightlane Studio website');
    expect(mail.text).toContain('\nName: Olivia Bennett\n');
    expect(mail.text).toContain('\nEmail: olivia@example.com\n');
    expect(mail.text).toContain('\nPhone: +1 555 0100\n');
    expect(mail.text).toContain('\nPrefers a text and a call: Yes\n');
    expect(mail.text).toContain('Message:\nWe need an app for our bakery.\nCan you call me?\n');
    expect(mail.text).toContain(`https://agency.example/admin/contacts/${id}`);
    expect(mail.html).toContain(`href="https://agency.example/admin/contacts/${id}"`);
    expect(mail.html).toContain('Prefers a text and a call:</th>');
  });

  it('keeps Reply-To on the lead whatever the name holds (commas, quotes, brackets, line breaks)', async () => {
    const before = smtp.messages.length;
    await post({
      ...lead,
      name: 'Eve, "Boss" <boss@evil.example>\r\nBcc: victim@example.com',
      email: 'eve@example.com',
    });
    await smtp.waitFor(before + 1);
    const raw = smtp.messages.at(-1)!.raw.toString();
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(raw).not.toMatch(/^Bcc:/im);
    const mail = await smtp.messages.at(-1)!.parsed();
    expect(mail.replyTo?.map((a) => a.address)).toEqual(['eve@example.com']);
    expect(smtp.messages.at(-1)!.envelopeTo).toEqual(['owner@example.com']);
  });

  it('says so for a returning lead', () => {
    const mail = leadNotification({
      to: 'owner@example.com',
      contactId: 7,
      lead,
      adminUrl: 'https://agency.example',
      siteName: 'Brightlane Studio',
      returning: true,
    });
    expect(mail.subject).toBe('Returning lead: Olivia Bennett');
    expect(mail.text).toMatch(/^Returning lead from the Brightlane Studio website\n/);
    expect(mail.digestEntryText).toContain('(returning)');
  });

  it('a wait for the next digest lasts until leadWaitEnds, whatever leads arrive meanwhile', () => {
    const T0 = Date.UTC(2026, 10, 24, 12);
    fc.assert(
      fc.property(
        // Ages of the digests of the last hour (ms before T0), leads waiting, notifications sent, a later time.
        fc.uniqueArray(fc.integer({ min: 0, max: DIGEST_WINDOW_MS - 1 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 2 * DIGEST_WINDOW_MS }),
        (ages, waiting, individualRecent, later) => {
          const at = (ms: number, recent: number[]) => ({
            waiting,
            individualRecent,
            // What leadHistory would read at `ms`: the digests still inside the hour's window.
            recentDigests: recent
              .filter((d) => d > ms - DIGEST_WINDOW_MS)
              .sort((a, b) => b - a)
              .map((d) => new Date(d)),
          });
          const digests = ages.map((age) => T0 - age);
          const history = at(T0, digests);
          fc.pre(decideLeadMail(history, new Date(T0)) === 'wait');
          const ends = leadWaitEnds(history).getTime();
          expect(ends).toBeGreaterThan(T0);
          const t = T0 + later;
          // Before the end nothing but time could end the wait, and time has not.
          if (t < ends) expect(decideLeadMail(at(t, digests), new Date(t))).toBe('wait');
        },
      ),
      { numRuns: 2000 },
    );
    // The bound is tight: at the end of the gap after one digest, the next one goes out.
    const one = { waiting: 9, individualRecent: 0, recentDigests: [new Date(T0)] };
    expect(leadWaitEnds(one).getTime()).toBe(T0 + 15_000);
    expect(decideLeadMail(one, new Date(T0 + 15_000))).toBe('digest');
  });

  it('escapes what the visitor typed, in the notification and its digest entry', () => {
    const mail = leadNotification({
      to: 'owner@example.com',
      contactId: 8,
      lead: { ...lead, name: '<img src=x onerror=alert(1)>', message: '<script>x</script>' },
      adminUrl: 'https://agency.example',
      siteName: 'Brightlane Studio',
    });
    expect(mail.html).not.toMatch(/<img|<script/);
    expect(mail.digestEntryHtml).not.toMatch(/<img|<script/);
  });

  it('collapses a flood into spaced digests that list every lead with its link, then calms down', async () => {
    // One more lead on its own: three notifications so far.
    await post({ ...lead, name: 'Calm Three', email: 'three@example.com' });
    await smtp.waitFor(3);
    // A bot's submission (the hidden field filled) is held, and the digest says so.
    await post({ ...lead, name: 'Hidden Field', email: 'bot@example.com', website: 'https://spam.example' });

    // Twenty at once: more than a handful wait, so they go out as one digest, at once.
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post({ ...lead, name: `Burst ${i}`, email: `burst${i}@example.com` }),
      ),
    );
    await smtp.waitFor(4);
    await settle();
    const digest = await smtp.messages[3]!.parsed();
    expect(digest.subject).toMatch(/^\d+ new leads on the Brightlane Studio website$/);
    expect(digest.text).toContain('Burst 0 <burst0@example.com>, +1 555 0100');
    expect(digest.replyTo ?? []).toEqual([]);
    expect(digest.text).toContain(
      '1 submission is held as spam for review:\nhttps://agency.example/admin/contacts?status=spam',
    );
    expect(digest.text).not.toContain('Hidden Field');

    // More during the flood wait for the next digest, 15 s after the first.
    const late = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post({ ...lead, name: `Late ${i}`, email: `late${i}@example.com` }),
      ),
    );
    await settle();
    const before = smtp.messages.length;
    expect(before).toBeLessThanOrEqual(5);
    clock += 15_000;
    await smtp.waitFor(before + 1);
    await settle();
    const ids = await linkedIds();
    for (const id of [...burst, ...late]) expect(ids.filter((x) => x === id)).toHaveLength(1);
    expect(smtp.messages.length).toBeLessThanOrEqual(6);
    const folded = await t.database.db.select().from(mailQueue).where(eq(mailQueue.status, 'digested'));
    expect(folded.length).toBeGreaterThanOrEqual(burst.length + late.length - 5);
    expect(folded.every((row) => row.digestId !== null && row.sentAt === null)).toBe(true);

    // The daily cap counts the digests, not the leads folded into them.
    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mail-usage',
      headers: { cookie: await signIn(t.app) },
    });
    expect(usage.json().sentLast24h).toBe(smtp.messages.length);

    // An hour without a digest later, a lead has its own notification again.
    clock += 61 * 60 * 1000;
    await post({ ...lead, name: 'Calm Again', email: 'again@example.com' });
    await smtp.waitFor(smtp.messages.length + 1);
    expect((await smtp.messages.at(-1)!.parsed()).subject).toBe('New lead: Calm Again');
  });
});
