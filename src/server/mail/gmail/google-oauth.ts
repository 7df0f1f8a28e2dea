import * as oidc from 'openid-client';
import type { AppConfig } from '../../config.ts';

/**
 * The Google OAuth 2.0 client (openid-client; RFC 6749 authorization code with PKCE, RFC 7636).
 * Scopes: `openid email` (the account's address), `gmail.send`, the narrowest scope that can
 * send mail, and `gmail.readonly`, the narrowest that can read a message's full content (replies
 * to import, `gmail.metadata` gives headers only). Nothing asks to modify or delete mail. The issuer is
 * configuration (`GOOGLE_ISSUER`), so tests run against a local issuer.
 */

export const GMAIL_READ_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
export const GMAIL_SCOPES = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/gmail.send',
  GMAIL_READ_SCOPE,
];

let cached: { key: string; config: Promise<oidc.Configuration> } | undefined;

/** Discovers the issuer once per process. @throws when Google is not configured or unreachable. */
export function googleClient(google: AppConfig['google']): Promise<oidc.Configuration> {
  if (!google.clientId || !google.clientSecret) throw new Error('Google OAuth is not configured');
  const key = `${google.issuer}|${google.clientId}`;
  if (!cached || cached.key !== key) {
    const issuer = new URL(google.issuer);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    const config = oidc
      .discovery(issuer, google.clientId, google.clientSecret, undefined, {
        // Plain HTTP only for a local stand-in issuer (tests); Google itself is HTTPS.
        ...(issuer.protocol === 'http:' && loopback ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        cached = undefined;
        throw error;
      });
    cached = { key, config };
  }
  return cached.config;
}

export { oidc };
