import { z } from 'zod';

/** Admin sign-in payload (spec §7 POST /api/admin/login, §5 'username and password required'). */
export const loginSchema = z.object({
  username: z.string({ error: 'Username is required.' }).min(1, 'Username is required.').max(200),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1000),
});
export type LoginRequest = z.infer<typeof loginSchema>;

/** GET /api/admin/check answer. `demoMode` tells the login screen to offer the test button. */
export interface AdminCheck {
  isAdmin: boolean;
  demoMode: boolean;
}

/**
 * The built-in test pair used only in demo mode (DESIGN §3 'Admin sign-in'): it never works
 * once ADMIN_USERNAME and ADMIN_PASSWORD are configured.
 */
export const DEMO_ADMIN = { username: 'admin', password: 'demo-admin' } as const;
