import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { App } from '../../../src/server/app.ts';

/**
 * Does what the landing's ALTCHA widget does (decision 037): fetches a challenge from
 * GET /api/contact/challenge, solves it with altcha-lib's solver and returns the base64 payload the
 * form sends as `altcha`. `remoteAddress` spreads challenge requests over addresses (rate limit).
 */
export async function solvedPow(app: App, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/contact/challenge', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
