import { createHash, timingSafeEqual } from 'node:crypto';
import { DEMO_ADMIN } from '../../shared/auth.ts';

/**
 * Checks a sign-in pair against the configured admin, or against the built-in demo pair when no
 * admin is configured (docs/product.md §1.3: the demo pair never works once credentials are
 * set). Comparison is constant-time over SHA-256 digests, so timing reveals neither value.
 */
export function verifyAdmin(
  configured: { username: string; password: string } | undefined,
  username: string,
  password: string,
): boolean {
  const expected = configured ?? DEMO_ADMIN;
  const userOk = safeEqual(username, expected.username);
  const passOk = safeEqual(password, expected.password);
  return userOk && passOk;
}

function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}
