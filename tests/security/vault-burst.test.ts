import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../api/helpers/test-app.ts';

/**
 * The vault's wrong-password limit (10 per 15 minutes per session and per client
 * address) holds against parallel bursts and against the unlock cache. Real app, real Argon2id.
 */

const VAULT = 'correct vault password';
const LIMIT = 10;

describe('vault password limit', () => {
  let t: TestApp;
  let nextAddress = 0;
  /** A fresh client address for each call, so only the limit under test can answer 429. */
  const freshAddress = () => `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  const guess = (cookie: string, password: string, remoteAddress = freshAddress()) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/credentials',
      headers: { cookie, 'x-credentials-password': password },
      remoteAddress,
    });
  const statuses = (responses: { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  };

  beforeAll(async () => {
    t = await createTestApp({ VAULT_PASSWORD: VAULT, LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => t.close());

  it('200 parallel wrong guesses from one session: at most 10 checked (403), the rest 429; then the right password gets 429', async () => {
    const cookie = await signIn(t.app);
    const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => guess(cookie, `wrong-${i}`)));
    const counts = statuses(burst);
    expect(Object.keys(counts).sort()).toEqual(['403', '429']);
    expect(counts[403]).toBeLessThanOrEqual(LIMIT);
    expect(counts[429]).toBe(200 - (counts[403] ?? 0));
    const right = await guess(cookie, VAULT);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);
  });

  it('200 parallel wrong guesses from one address over 20 sessions: at most 10 checked (403)', async () => {
    const sessions = await Promise.all(Array.from({ length: 20 }, () => signIn(t.app)));
    const address = '10.21.0.1';
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) => guess(sessions[i % 20]!, `wrong-${i}`, address)),
    );
    const counts = statuses(burst);
    expect(counts[403]).toBeLessThanOrEqual(LIMIT);
    expect(counts[403]! + counts[429]!).toBe(200);
    expect((await guess(sessions[0]!, VAULT, address)).statusCode).toBe(429);
  });

  it('a locked-out session is refused even with the password whose key is cached', async () => {
    const cookie = await signIn(t.app);
    // Unlocked once: the data key is now cached for this session and password.
    expect((await guess(cookie, VAULT)).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await guess(cookie, `wrong-${i}`)).statusCode).toBe(403);
    const attempts = await Promise.all(Array.from({ length: 50 }, () => guess(cookie, VAULT)));
    expect(statuses(attempts)).toEqual({ 429: 50 });
  });

  it('the right password in a parallel burst is answered 200 and does not use up an attempt', async () => {
    const cookie = await signIn(t.app);
    const burst = await Promise.all([
      guess(cookie, VAULT),
      ...Array.from({ length: LIMIT - 1 }, (_, i) => guess(cookie, `wrong-${i}`)),
    ]);
    expect(burst.map((r) => r.statusCode)).toEqual([200, ...Array(LIMIT - 1).fill(403)]);
    expect((await guess(cookie, 'wrong-last')).statusCode).toBe(403);
    expect((await guess(cookie, 'wrong-after')).statusCode).toBe(429);
  });
});
