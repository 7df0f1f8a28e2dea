import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passkeys, recoveryCodes } from '../../src/db/schema/index.ts';
import { addPasskey } from '../../src/server/auth/passkeys.ts';
import { createTestApp, signIn, type TestApp } from '../api/helpers/test-app.ts';

/**
 * A stolen session cookie is not a permanent takeover (decision 036). With only the owner's `sid`,
 * from another address (even right after the owner signed in with both factors), none of the factor
 * changes is allowed: new recovery codes, a new passkey, removing the authenticator app or a
 * passkey, signing the owner's other sessions out, each answer 403 `details.stepUp` and change
 * nothing. The owner's step-up (password and
 * a factor again) allows them, and a factor change ends every other session, the stolen one too.
 * Turning the first factor on ends the sessions opened before it.
 */

const ADMIN = { username: 'owner', password: 'a long owner password' };
const ATTACKER = '203.0.113.66';
const OWNER_HOME = '198.51.100.7';

const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${name}=${c.value}` : null;
};
const codeAt = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
/** Moves the (faked) clock forward: the server reads the same `Date`. */
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('a stolen session cookie', () => {
  let t: TestApp;
  let secret: string;
  let passkeyId: number;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
    remoteAddress = OWNER_HOME,
  ) => t.app.inject({ method, url, headers: { cookie }, remoteAddress, ...(payload ? { payload } : {}) });
  const isAdmin = async (cookie: string) =>
    (await call('GET', '/api/admin/check', cookie)).json().isAdmin as boolean;

  /** Password then the authenticator code: a new session cookie. */
  async function signInWithTotp(remoteAddress = OWNER_HOME): Promise<string> {
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: ADMIN,
      remoteAddress,
    });
    expect(step.json().secondFactor).toBeDefined();
    advance(30_000); // a new TOTP step: the last code was used
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/totp',
      headers: { cookie: cookieOf(step, 'sid_pending')! },
      payload: { code: codeAt(secret) },
      remoteAddress,
    });
    expect(done.statusCode, done.body).toBe(200);
    return cookieOf(done, 'sid')!;
  }

  beforeAll(async () => {
    t = await createTestApp({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT: '1000',
      APP_URL: 'http://localhost:3000',
    });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });
  it('turning on the authenticator app ends every session opened before it', async () => {
    const laptop = await signIn(t.app, ADMIN);
    const phone = await signIn(t.app, ADMIN);
    const up = await call('POST', '/api/admin/security/step-up', laptop, { password: ADMIN.password });
    expect(up.statusCode, up.body).toBe(200);
    const start = await call('POST', '/api/admin/security/totp', laptop);
    expect(start.statusCode, start.body).toBe(200);
    secret = start.json().secret;
    const confirm = await call('POST', '/api/admin/security/totp/confirm', laptop, { code: codeAt(secret) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await isAdmin(laptop)).toBe(true);
    expect(await isAdmin(phone)).toBe(false);
  });

  it('with only the sid, from another address, every factor change is refused and nothing changes', async () => {
    passkeyId = await addPasskey(t.database.db, {
      credentialId: 'b3duZXItcGFzc2tleQ',
      publicKey: new Uint8Array(77),
      counter: 0,
      name: "Owner's phone",
    });
    const owner = await signInWithTotp();
    const stolen = await signInWithTotp();
    const ownerSessionId = (
      (await call('GET', '/api/admin/security/sessions', owner)).json().sessions as {
        id: number;
        current: boolean;
      }[]
    ).find((s) => s.current)!.id;
    const refused = [
      await call('POST', '/api/admin/security/recovery-codes', stolen, undefined, ATTACKER),
      await call('POST', '/api/admin/security/passkeys/options', stolen, undefined, ATTACKER),
      await call(
        'POST',
        '/api/admin/security/passkeys',
        stolen,
        {
          name: 'attacker key',
          response: {
            id: 'YXR0YWNrZXI',
            rawId: 'YXR0YWNrZXI',
            type: 'public-key',
            response: { clientDataJSON: 'e30', attestationObject: 'o2Nmb3JtZG5vbmU' },
          },
        },
        ATTACKER,
      ),
      await call('DELETE', '/api/admin/security/totp', stolen, undefined, ATTACKER),
      await call('DELETE', `/api/admin/security/passkeys/${passkeyId}`, stolen, undefined, ATTACKER),
      // Signing the owner's browsers out (decision 061).
      await call('POST', '/api/admin/security/sessions/end-others', stolen, undefined, ATTACKER),
      await call('DELETE', `/api/admin/security/sessions/${ownerSessionId}`, stolen, undefined, ATTACKER),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().details).toEqual({ stepUp: true });
    }
    const overview = (await call('GET', '/api/admin/security', stolen)).json();
    expect(overview.totp.enabled).toBe(true);
    expect(overview.passkeys.map((p: { id: number }) => p.id)).toEqual([passkeyId]);
    expect(overview.recoveryCodesLeft).toBe(10);
    expect(await t.database.db.select().from(passkeys)).toHaveLength(1);
    expect(await isAdmin(owner)).toBe(true);

    // The cookie alone cannot step up: the password is asked, then a factor.
    const noPassword = await call(
      'POST',
      '/api/admin/security/step-up',
      stolen,
      { password: 'guess' },
      ATTACKER,
    );
    expect(noPassword.statusCode).toBe(400);
    const noFactor = await call(
      'POST',
      '/api/admin/security/step-up',
      stolen,
      { password: ADMIN.password },
      ATTACKER,
    );
    expect(noFactor.statusCode).toBe(400);
    const wrongCode = await call(
      'POST',
      '/api/admin/security/step-up',
      stolen,
      { password: ADMIN.password, code: '000000' },
      ATTACKER,
    );
    expect(wrongCode.statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/security/totp', stolen, undefined, ATTACKER)).statusCode).toBe(
      403,
    );
  });

  it('anonymous passkey options name no credential id (discoverable credentials); after the password they do', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey/options',
      remoteAddress: ATTACKER,
    });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json().allowCredentials ?? []).toEqual([]);
    expect(anonymous.body).not.toContain('b3duZXItcGFzc2tleQ');
    expect(anonymous.json().userVerification).toBe('required');

    const step = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
    const afterPassword = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey/options',
      headers: { cookie: cookieOf(step, 'sid_pending')! },
    });
    expect(afterPassword.statusCode, afterPassword.body).toBe(200);
    expect(afterPassword.json().allowCredentials).toEqual([
      expect.objectContaining({ id: 'b3duZXItcGFzc2tleQ' }),
    ]);
  });

  it("the owner's step-up allows a change for 5 minutes, and the change ends every other session", async () => {
    const stolen = await signInWithTotp(ATTACKER);
    const laptop = await signInWithTotp();
    advance(10 * 60_000);
    advance(30_000);
    const up = await call('POST', '/api/admin/security/step-up', laptop, {
      password: ADMIN.password,
      code: codeAt(secret),
    });
    expect(up.statusCode, up.body).toBe(200);
    const before = await t.database.db.select().from(recoveryCodes);
    const renewed = await call('POST', '/api/admin/security/recovery-codes', laptop);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    expect(await t.database.db.select().from(recoveryCodes)).not.toEqual(before);
    expect(await isAdmin(stolen)).toBe(false);
    expect(await isAdmin(laptop)).toBe(true);

    // 6 minutes later the step-up has run out.
    advance(6 * 60_000);
    const late = await call('DELETE', `/api/admin/security/passkeys/${passkeyId}`, laptop);
    expect(late.statusCode).toBe(403);

    // A recovery code also steps up (and is used up).
    const code = renewed.json().recoveryCodes[0] as string;
    const byRecovery = await call('POST', '/api/admin/security/step-up', laptop, {
      password: ADMIN.password,
      code,
    });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect((await call('DELETE', `/api/admin/security/passkeys/${passkeyId}`, laptop)).statusCode).toBe(204);
    const again = await call('POST', '/api/admin/security/step-up', laptop, {
      password: ADMIN.password,
      code,
    });
    expect(again.statusCode).toBe(400);
  });
});
