import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, signInEvents, totpFactors } from '../../src/db/schema/index.ts';
import { resetSecondFactors } from '../../src/server/auth/second-factor.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * The second factor, through the real API on a real database: once a TOTP app is set up
 * the password alone no longer signs in; codes are single use per time step, expired codes and
 * replays are refused; recovery codes work once; every sign-in and failure is recorded; the
 * vault asks for the factor again after 15 minutes idle; demo mode is read-only.
 */

const ADMIN = { username: 'owner', password: 'a long owner password' };
const VAULT = 'the vault password!';
const UA = 'Mozilla/5.0 (second-factor test) '.padEnd(600, 'x');

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${name}=${c.value}` : null;
};
const codeAt = (secret: string, offsetSeconds = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSeconds * 1000 });

describe('second factor: TOTP and recovery codes', () => {
  let t: TestApp;
  let owner: string;
  let secret: string;
  let recovery: string[];
  /** The code that confirmed the enrolment: the same string is replayed at sign-in below. */
  let confirmingCode: string;

  const post = (url: string, payload: object | undefined, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...(cookie ? { cookie } : {}), 'user-agent': UA },
      ...(payload ? { payload } : {}),
    });

  /** The password step: returns the pending cookie and the body. */
  async function passwordStep() {
    const res = await post('/api/admin/login', ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    return { pending: cookieOf(res, 'sid_pending'), body: res.json(), sid: cookieOf(res, 'sid') };
  }

  beforeAll(async () => {
    t = await createTestApp({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      VAULT_PASSWORD: VAULT,
      LOGIN_RATE_LIMIT: '1000',
      APP_URL: 'http://localhost:3000',
    });
    owner = await signIn(t.app, ADMIN);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  it('signs in with the password alone while no factor exists, and records it', async () => {
    const { body, sid, pending } = await passwordStep();
    expect(body).toEqual({ ok: true });
    expect(sid).not.toBeNull();
    expect(pending).toBeNull();
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/admin/security', headers: { cookie: owner } })
    ).json();
    expect(overview).toMatchObject({
      readOnly: false,
      passkeysAvailable: true,
      passkeys: [],
      totp: { enabled: false },
    });
    const event = overview.events[0];
    expect(event).toMatchObject({ kind: 'signed-in', method: 'password', ip: '127.0.0.1' });
    expect(event.userAgent.length).toBe(300);
  });

  it('enrols a TOTP app: QR code, a wrong code refused, the right one confirms and shows ten recovery codes once', async () => {
    // A factor change needs a step-up first (decision 036): without a factor, the password again.
    expect((await post('/api/admin/security/totp', undefined, owner)).statusCode).toBe(403);
    const up = await post('/api/admin/security/step-up', { password: ADMIN.password }, owner);
    expect(up.statusCode, up.body).toBe(200);
    const start = await post('/api/admin/security/totp', undefined, owner);
    expect(start.statusCode, start.body).toBe(200);
    const body = start.json();
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(body.uri).toMatch(/^otpauth:\/\/totp\//);
    secret = body.secret;
    // Sealed at rest: the database holds no base32 secret.
    const [row] = await t.database.db.select().from(totpFactors);
    expect(row!.secretSealed).not.toContain(secret);
    expect(row!.secretSealed).toMatch(/^v1\./);
    // Not a factor until confirmed: the password still signs in.
    expect((await passwordStep()).sid).not.toBeNull();

    const wrong = await post('/api/admin/security/totp/confirm', { code: '000000' }, owner);
    expect(wrong.statusCode).toBe(400);
    confirmingCode = codeAt(secret);
    const confirm = await post('/api/admin/security/totp/confirm', { code: confirmingCode }, owner);
    expect(confirm.statusCode, confirm.body).toBe(200);
    recovery = confirm.json().recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // A second enrolment is refused while one is set up.
    expect((await post('/api/admin/security/totp', undefined, owner)).statusCode).toBe(409);
  });

  it('refuses the password alone once a factor exists: no session, only a pending step that is not a session', async () => {
    const { body, sid, pending } = await passwordStep();
    expect(body).toEqual({ ok: true, secondFactor: { passkey: false, totp: true } });
    expect(sid).toBeNull();
    expect(pending).not.toBeNull();
    // The pending cookie opens nothing: as a session cookie it is unknown.
    const asSession = pending!.replace('sid_pending=', 'sid=');
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/admin/check',
      headers: { cookie: asSession },
    });
    expect(check.json().isAdmin).toBe(false);
    const contacts = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts',
      headers: { cookie: asSession },
    });
    expect(contacts.statusCode).toBe(401);
    // A wrong password is still just wrong.
    const wrong = await post('/api/admin/login', { ...ADMIN, password: 'not the password at all' });
    expect(wrong.statusCode).toBe(401);
  });

  it('finishes the second step with a TOTP code; a replayed code and an expired one are refused', async () => {
    // The confirming code's step is used: the same code cannot sign in. (The very code, not the
    // code of this moment: on a slow machine a 30 s step can end between the two tests.)
    const first = await passwordStep();
    const replayOfConfirm = await post('/api/admin/login/totp', { code: confirmingCode }, first.pending!);
    expect(replayOfConfirm.statusCode).toBe(401);
    expect(replayOfConfirm.json().error).toBe('Invalid code');

    // Expired: a code of three steps ago.
    const expired = await post('/api/admin/login/totp', { code: codeAt(secret, -90) }, first.pending!);
    expect(expired.statusCode).toBe(401);

    // The next step's code (within the ±1 step window) signs in, once.
    const next = codeAt(secret, 30);
    const ok = await post('/api/admin/login/totp', { code: next }, first.pending!);
    expect(ok.statusCode, ok.body).toBe(200);
    const sid = cookieOf(ok, 'sid');
    expect(sid).not.toBeNull();
    expect(ok.cookies.find((c) => c.name === 'sid_pending')?.value).toBe('');
    const check = await t.app.inject({ method: 'GET', url: '/api/admin/check', headers: { cookie: sid! } });
    expect(check.json().isAdmin).toBe(true);

    // The pending state was used up, and the code too.
    expect((await post('/api/admin/login/totp', { code: next }, first.pending!)).statusCode).toBe(401);
    const second = await passwordStep();
    const replay = await post('/api/admin/login/totp', { code: next }, second.pending!);
    expect(replay.statusCode).toBe(401);
  });

  it('accepts one code once under a parallel burst', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
    const steps = await Promise.all([passwordStep(), passwordStep(), passwordStep(), passwordStep()]);
    const code = codeAt(secret);
    const answers = await Promise.all(steps.map((s) => post('/api/admin/login/totp', { code }, s.pending!)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401]);
  });

  it('signs in with a recovery code exactly once (any case, with or without the dash)', async () => {
    const code = recovery[0]!;
    const a = await passwordStep();
    const used = await post(
      '/api/admin/login/recovery',
      { code: ` ${code.replace('-', '').toLowerCase()} ` },
      a.pending!,
    );
    expect(used.statusCode, used.body).toBe(200);
    expect(cookieOf(used, 'sid')).not.toBeNull();
    const b = await passwordStep();
    const again = await post('/api/admin/login/recovery', { code }, b.pending!);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('Invalid recovery code');
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/admin/security', headers: { cookie: owner } })
    ).json();
    expect(overview.recoveryCodesLeft).toBe(9);
    // Without the password step, a recovery code opens nothing.
    const alone = await post('/api/admin/login/recovery', { code: recovery[1]! });
    expect(alone.statusCode).toBe(401);
    expect(overview.events.map((e: { kind: string; method: string }) => `${e.kind} ${e.method}`)).toEqual(
      expect.arrayContaining([
        'signed-in password+recovery-code',
        'failed password+recovery-code',
        'signed-in password+totp',
        'failed password+totp',
        'failed password',
        'factor-added totp',
      ]),
    );
  });

  it('the second step is rate limited like the password', async () => {
    const limited = await createTestApp({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT: '3',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/admin/login/totp',
          payload: { code: '123456' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('the vault asks for the factor again after 15 minutes idle, and a TOTP step-up opens it', async () => {
    // `owner` signed in before the factor existed: it has never proved one.
    const headers = { cookie: owner, 'x-credentials-password': VAULT };
    const locked = await t.app.inject({ method: 'GET', url: '/api/admin/credentials', headers });
    expect(locked.statusCode).toBe(401);
    expect(locked.json().details).toEqual({ secondFactor: true });

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 240_000 });
    expect((await post('/api/admin/security/step-up/totp', { code: '000000' }, owner)).statusCode).toBe(400);
    const up = await post('/api/admin/security/step-up/totp', { code: codeAt(secret) }, owner);
    expect(up.statusCode, up.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/credentials', headers })).statusCode).toBe(
      200,
    );

    // Used 14 minutes later: still open (idle counts from the last use), then 16 minutes idle: asked again.
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/credentials', headers })).statusCode).toBe(
      200,
    );
    vi.setSystemTime(Date.now() + 16 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/credentials', headers })).statusCode).toBe(
      401,
    );
  });

  it('a session that signed in with the factor opens the vault without asking again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 360_000 });
    const step = await passwordStep();
    const ok = await post('/api/admin/login/totp', { code: codeAt(secret) }, step.pending!);
    expect(ok.statusCode, ok.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/credentials',
      headers: { cookie: cookieOf(ok, 'sid')!, 'x-credentials-password': VAULT },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('removing the last factor brings the password alone back and drops the recovery codes; the reset does the same', async () => {
    // A factor change needs a step-up (decision 036): the password and a factor, here a recovery code.
    const up = await post(
      '/api/admin/security/step-up',
      { password: ADMIN.password, code: recovery[9]! },
      owner,
    );
    expect(up.statusCode, up.body).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/security/totp',
      headers: { cookie: owner },
    });
    expect(removed.statusCode).toBe(204);
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/admin/security', headers: { cookie: owner } })
    ).json();
    expect(overview).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0 });
    expect(overview.events[0]).toMatchObject({ kind: 'factor-removed', method: 'totp' });
    expect((await passwordStep()).sid).not.toBeNull();

    // Set one up again, then the shell reset removes it.
    const start = (await post('/api/admin/security/totp', undefined, owner)).json();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 480_000 });
    // Eight minutes on, the step-up has run out: the password again (no factor is left).
    expect((await post('/api/admin/security/step-up', { password: ADMIN.password }, owner)).statusCode).toBe(
      200,
    );
    expect(
      (await post('/api/admin/security/totp/confirm', { code: codeAt(start.secret) }, owner)).statusCode,
    ).toBe(200);
    expect((await passwordStep()).sid).toBeNull();
    expect(await resetSecondFactors(t.database.db, { ip: null, userAgent: 'shell' })).toEqual({
      passkeys: 0,
      totp: 1,
    });
    expect((await passwordStep()).sid).not.toBeNull();
    const [last] = await t.database.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.kind, 'factors-reset'));
    expect(last?.method).toBe('shell');
  });

  it('refuses hostile input without a 500', async () => {
    for (const code of ['\u202e123456', '１２３４５６', '😀'.repeat(10), 'x'.repeat(41), '']) {
      const res = await post('/api/admin/security/step-up/totp', { code }, owner);
      // 429: the wrong codes of the tests above count towards the account's lockout (decision 038).
      expect([400, 409, 429]).toContain(res.statusCode);
    }
    const huge = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/security/passkeys/99999999999',
      headers: { cookie: owner },
      payload: { name: 'x' },
    });
    expect(huge.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/security/passkeys/7',
      headers: { cookie: owner },
      payload: { name: 'مفتاح 🔑' },
    });
    expect(missing.statusCode).toBe(404);
    const badAssertion = await post('/api/admin/login/passkey', {
      response: { id: 'x', rawId: 'x', type: 'public-key', response: { clientDataJSON: 'e30' } },
    });
    expect(badAssertion.statusCode).toBe(401);
  });

  it('passkeys need a domain name in APP_URL', async () => {
    const ipApp = await createTestApp({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      APP_URL: 'http://127.0.0.1:8080',
    });
    try {
      const cookie = await signIn(ipApp.app, ADMIN);
      const res = await ipApp.app.inject({
        method: 'POST',
        url: '/api/admin/security/passkeys/options',
        headers: { cookie },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/APP_URL/);
      const overview = await ipApp.app.inject({
        method: 'GET',
        url: '/api/admin/security',
        headers: { cookie },
      });
      expect(overview.json().passkeysAvailable).toBe(false);
    } finally {
      await ipApp.close();
    }
  });
});

describe('second factor in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps the one-click test login and shows the screen read-only', async () => {
    const cookie = await signIn(t.app);
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/security', headers: { cookie } });
    expect(overview.json()).toMatchObject({ readOnly: true });
    for (const [method, url] of [
      ['POST', '/api/admin/security/totp'],
      ['POST', '/api/admin/security/passkeys/options'],
      ['POST', '/api/admin/security/recovery-codes'],
      ['DELETE', '/api/admin/security/totp'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie } });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().error).toBe('Demo mode: the Security screen is read-only.');
    }
    const [session] = await t.database.db.select().from(sessions);
    expect(session?.factorSeenAt).toBeNull();
  });
});
