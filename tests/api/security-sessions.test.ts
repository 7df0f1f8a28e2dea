import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The sessions list and the owner's security emails (decision 036), through the real API on a real
 * database: every live session with its device (bowser) and address, 'Sign out' per session and
 * 'Sign out everywhere else' (both after a step-up); an email through the mail queue for a sign-in from a new device and
 * for every factor change, never for a known device after a browser update.
 */

const ADMIN = { username: 'owner', password: 'a long owner password' };
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_MAC_UPDATED = CHROME_MAC.replace('Chrome/131', 'Chrome/132');
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1 <script>alert(1)</script> \u202Eevil';

describe('sessions list and security emails', () => {
  let t: TestApp;

  const signInAs = async (userAgent: string, remoteAddress: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: ADMIN,
      headers: { 'user-agent': userAgent },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    return `sid=${sid.value}`;
  };
  const notices = () => t.database.db.select().from(mailQueue).where(eq(mailQueue.kind, 'security_notice'));
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const isAdmin = async (cookie: string) =>
    (await call('GET', '/api/admin/check', cookie)).json().isAdmin as boolean;

  beforeAll(async () => {
    t = await createTestApp({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT: '1000',
      NOTIFY_EMAIL: 'owner@agency.example',
      APP_URL: 'http://localhost:3000',
    });
  });
  afterAll(async () => t.close());

  let laptop: string;
  let office: string;
  let phone: string;

  it('emails the owner for a sign-in from a new device only (a browser update is the same device)', async () => {
    // The installation's first sign-in has no known device to differ from: no email.
    laptop = await signInAs(CHROME_MAC, '198.51.100.7');
    expect(await notices()).toHaveLength(0);

    await signInAs(CHROME_MAC_UPDATED, '198.51.100.8');
    expect(await notices()).toHaveLength(0);

    office = await signInAs(FIREFOX_WINDOWS, '203.0.113.20');
    expect(await notices()).toHaveLength(1);
    const [first] = await notices();
    expect(first!.toAddress).toBe('owner@agency.example');
    expect(first!.subject).toContain('New sign-in from a new device');
    expect(first!.text).toContain('Firefox 133 on Windows (desktop)');
    expect(first!.text).toContain('203.0.113.20');
    expect(first!.text).toContain('http://localhost:3000/admin/security');

    phone = await signInAs(IPHONE, '203.0.113.21');
    const all = await notices();
    expect(all).toHaveLength(2);
    const iphone = all[1]!;
    expect(iphone.text).toContain('Safari 17 on iOS (mobile)');
    // The request's user agent is escaped in HTML and loses its bidi override in the text part.
    expect(iphone.html).not.toContain('<script>');
    expect(iphone.html).toContain('&lt;script&gt;');
    expect(iphone.text).not.toContain('\u202E');
  });

  it('lists every live session with its device, address and times, marking this one', async () => {
    const res = await call('GET', '/api/admin/security/sessions', laptop);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().sessions as {
      id: number;
      device: string;
      ip: string;
      current: boolean;
      createdAt: string;
      lastSeenAt: string;
    }[];
    expect(list).toHaveLength(4);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const mine = list.find((s) => s.current)!;
    expect(mine).toMatchObject({ device: 'Chrome 131 on macOS (desktop)', ip: '198.51.100.7' });
    expect(list.map((s) => s.device)).toEqual(
      expect.arrayContaining(['Firefox 133 on Windows (desktop)', 'Safari 17 on iOS (mobile)']),
    );
    for (const s of list) {
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
    }
  });

  it('signs one session out; refuses this one (Logout is for that), an unknown id and an id past 2^31', async () => {
    const list = (await call('GET', '/api/admin/security/sessions', laptop)).json().sessions as {
      id: number;
      device: string;
      current: boolean;
    }[];
    const firefox = list.find((s) => s.device.startsWith('Firefox'))!;
    // A session cookie alone (a stolen one) cannot sign the others out: step-up first (decision 061).
    const refusedWithoutStepUp = await call('DELETE', `/api/admin/security/sessions/${firefox.id}`, laptop);
    expect(refusedWithoutStepUp.statusCode, refusedWithoutStepUp.body).toBe(403);
    expect(refusedWithoutStepUp.json().details).toEqual({ stepUp: true });
    expect(await isAdmin(office)).toBe(true);
    const stepped = await call('POST', '/api/admin/security/step-up', laptop, { password: ADMIN.password });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect((await call('DELETE', `/api/admin/security/sessions/${firefox.id}`, laptop)).statusCode).toBe(204);
    expect(await isAdmin(office)).toBe(false);
    expect((await call('DELETE', `/api/admin/security/sessions/${firefox.id}`, laptop)).statusCode).toBe(404);
    const own = list.find((s) => s.current)!;
    const refused = await call('DELETE', `/api/admin/security/sessions/${own.id}`, laptop);
    expect(refused.statusCode).toBe(409);
    expect(await isAdmin(laptop)).toBe(true);
    expect((await call('DELETE', '/api/admin/security/sessions/2147483648', laptop)).statusCode).toBe(400);
  });

  it("'Sign out everywhere else' needs a step-up, then ends every session but this one", async () => {
    // The phone's cookie alone (as if stolen) cannot sign the laptop out.
    const stolen = await call('POST', '/api/admin/security/sessions/end-others', phone);
    expect(stolen.statusCode, stolen.body).toBe(403);
    expect(stolen.json().details).toEqual({ stepUp: true });
    expect(await isAdmin(laptop)).toBe(true);
    expect(await isAdmin(phone)).toBe(true);
    // The laptop stepped up in the test before (within 5 minutes).
    const res = await call('POST', '/api/admin/security/sessions/end-others', laptop);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect(await isAdmin(phone)).toBe(false);
    expect(await isAdmin(laptop)).toBe(true);
    const list = (await call('GET', '/api/admin/security/sessions', laptop)).json().sessions;
    expect(list).toHaveLength(1);
  });

  it('emails the owner for every factor change', async () => {
    const before = (await notices()).length;
    expect(
      (await call('POST', '/api/admin/security/step-up', laptop, { password: ADMIN.password })).statusCode,
    ).toBe(200);
    const start = (await call('POST', '/api/admin/security/totp', laptop)).json();
    const code = TOTP.generate({ secret: Secret.fromBase32(start.secret) });
    const confirmed = await call('POST', '/api/admin/security/totp/confirm', laptop, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const renewed = await call('POST', '/api/admin/security/recovery-codes', laptop);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const removed = await call('DELETE', '/api/admin/security/totp', laptop);
    expect(removed.statusCode, removed.body).toBe(204);
    const subjects = (await notices()).slice(before).map((n) => n.subject);
    expect(subjects).toEqual([
      expect.stringContaining('An authenticator app was turned on'),
      expect.stringContaining('New recovery codes were made'),
      expect.stringContaining('The authenticator app was removed'),
    ]);
  });
});
