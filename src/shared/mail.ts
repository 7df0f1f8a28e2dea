/**
 * GET /api/auth/google/status: the mail connection as the setup page shows it (spec §3
 * 'Mail connection status: connected, email', plus what the page needs to explain the setup).
 */
export interface MailStatus {
  connected: boolean;
  /** The connected Workspace account. */
  email: string | null;
  /** Why the connection stopped working (a revoked grant), when it did. */
  reason: string | null;
  /** Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set on the server. */
  configured: boolean;
  /** The provider the next message goes through. */
  provider: 'outbox' | 'smtp' | 'gmail';
  /** The company info address every message is sent from. */
  from: string;
  /** The OAuth redirect URL to register with Google. */
  redirectUri: string;
  sentLast24h: number;
  dailyLimit: number;
}

/** GET /api/admin/mail-usage: messages sent in the rolling last 24 hours against the daily cap (DESIGN §3). */
export interface MailUsage {
  sentLast24h: number;
  dailyLimit: number;
}
