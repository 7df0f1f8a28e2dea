import { z } from 'zod';

/**
 * Admin sign-in payload (docs/product.md §4.1, `POST /api/admin/login`: both required).
 */
export const loginSchema = z.object({
  username: z.string({ error: 'Username is required.' }).min(1, 'Username is required.').max(200),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1000),
});
export type LoginRequest = z.infer<typeof loginSchema>;

/** GET /api/admin/check answer. `demoMode` tells the login screen to offer the test button. */
export const adminCheckSchema = z
  .object({
    isAdmin: z.boolean(),
    demoMode: z
      .boolean()
      .describe('True while the built-in demo admin pair works: the login screen offers it.'),
  })
  .meta({ id: 'AdminCheck' });
export type AdminCheck = z.infer<typeof adminCheckSchema>;

/** POST /api/admin/login answer; the session itself is the `sid` cookie it sets. */
export const loginResultSchema = z.object({
  ok: z.literal(true),
  secondFactor: z
    .object({ passkey: z.boolean(), totp: z.boolean() })
    .optional()
    .describe('Present when the password was right but a second factor must follow: no session yet.'),
});

/** The demo-mode test pair (kept zod-free in demo-admin.ts for the login screen's bundle). */
export { DEMO_ADMIN } from './demo-admin.ts';
