/**
 * The built-in test pair used only in demo mode (docs/product.md §1.3): it never works
 * once ADMIN_USERNAME and ADMIN_PASSWORD are configured. In a file of its own, without zod, so
 * the admin's login screen can offer it without downloading the schemas (decision 028).
 */
export const DEMO_ADMIN = { username: 'admin', password: 'demo-admin' } as const;
