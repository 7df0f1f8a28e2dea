import { z } from 'zod';

/**
 * GET /api/auth/google/status: the mail connection as the setup page shows it (docs/product.md §10.2:
 * connected, the address, and what the page needs to explain the setup).
 */
export const mailStatusSchema = z
  .object({
    connected: z.boolean(),
    /** The connected Workspace account. */
    email: z.string().nullable().describe('The connected Workspace account.'),
    /** Why the connection stopped working (a revoked grant), when it did. */
    reason: z
      .string()
      .nullable()
      .describe('Why the connection stopped working (a revoked grant), when it did.'),
    readsReplies: z
      .boolean()
      .describe(
        'The connection may read replies (gmail.readonly granted); false for an account connected before, which keeps sending but must reconnect to receive replies.',
      ),
    /** Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set on the server. */
    configured: z
      .boolean()
      .describe('Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set on the server.'),
    /** The provider the next message goes through. */
    provider: z.enum(['outbox', 'smtp', 'gmail']).describe('The provider the next message goes through.'),
    /** The company info address every message is sent from. */
    from: z.string().describe('The company info address every message is sent from.'),
    /** The OAuth redirect URL to register with Google. */
    redirectUri: z.string().describe('The OAuth redirect URL to register with Google.'),
    sentLast24h: z.number(),
    dailyLimit: z.number(),
  })
  .meta({ id: 'MailStatus' });
export type MailStatus = z.infer<typeof mailStatusSchema>;

/**
 * GET /api/admin/mail-usage: messages sent in the rolling last 24 hours against the daily cap
 * (docs/product.md §10.6).
 */
export const mailUsageSchema = z
  .object({ sentLast24h: z.number(), dailyLimit: z.number() })
  .meta({ id: 'MailUsage' });
export type MailUsage = z.infer<typeof mailUsageSchema>;

/**
 * GET /api/auth/google/callback query: what Google appends to the redirect (RFC 6749 §4.1.2).
 * The code exchange reads the whole URL; this only refuses repeated or non-text values.
 */
export const googleCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});
