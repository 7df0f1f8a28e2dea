import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailEndpoints as api } from '../../shared/api/mail.ts';
import type { MailStatus } from '../../shared/mail.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { deriveKey, open, seal } from '../crypto/secret-box.ts';
import { HttpError } from '../http-error.ts';
import { getGmailConnection, saveGmailConnection } from '../mail/gmail/gmail-connection.ts';
import { canReadReplies } from '../mail/gmail/gmail-reader.ts';
import { GMAIL_SCOPES, googleClient, oidc } from '../mail/gmail/google-oauth.ts';
import { countSentLast24h } from '../mail/mail-usage.ts';
import { guardWithSession } from '../plugins/session.ts';
import { serveEndpoint } from './serve-endpoint.ts';

const STATE_COOKIE = 'oauth_google';
const STATE_TTL_MS = 10 * 60 * 1000;

/** The page the popup ends on: it tells the opener and closes itself (docs/product.md §10.2). */
const CLOSE_SCRIPT =
  'window.opener&&window.opener.postMessage("gmail-connected",location.origin);window.close();';
const CLOSE_SCRIPT_HASH = `sha256-${createHash('sha256').update(CLOSE_SCRIPT).digest('base64')}`;

const resultPage = (title: string, text: string, close: boolean) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<style>body{font:16px system-ui,sans-serif;background:#0b1020;color:#e2e8f0;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:28rem;padding:2rem;text-align:center}</style>' +
  `</head><body><main><h1>${title}</h1><p>${text}</p></main>${close ? `<script>${CLOSE_SCRIPT}</script>` : ''}</body></html>`;

/**
 * The Gmail Workspace connection (docs/product.md §12.2 `GET /api/auth/google/status`, popup
 * `/api/auth/google`): OAuth 2.0 authorization code flow with PKCE and a `state` bound to the admin session.
 * The state and PKCE verifier travel in a short-lived HttpOnly cookie sealed with the app secret, so any
 * instance can finish the flow. All three routes need the admin session.
 */
export async function googleAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardWithSession(r);
  const stateKey = deriveKey(app.appSecret, 'oauth-state');
  const configured = Boolean(app.config.google.clientId && app.config.google.clientSecret);
  const sessionTag = (token: string | undefined) =>
    createHash('sha256')
      .update(token ?? '')
      .digest('base64url');

  r.route({
    ...serveEndpoint(r, api.getMailStatus),
    handler: async (): Promise<MailStatus> => {
      const connection = await getGmailConnection(app.db);
      const provider = await app.mailer.active();
      return {
        connected: connection?.status === 'connected',
        email: connection?.email ?? null,
        reason: connection?.status === 'revoked' ? connection.statusReason : null,
        readsReplies: canReadReplies(connection),
        configured,
        provider: provider.kind,
        from: app.config.mail.from.address,
        redirectUri: `${app.config.publicUrl}/api/auth/google/callback`,
        sentLast24h: await countSentLast24h(app.db),
        dailyLimit: app.config.mail.dailyLimit,
      };
    },
  });

  r.route({
    ...serveEndpoint(r, api.connectGmail),
    handler: async (request, reply) => {
      if (!configured) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .send(
            resultPage(
              'Gmail is not configured',
              'Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET on the server (see the Mail setup page), restart it, then connect again.',
              false,
            ),
          );
      }
      const client = await googleClient(app.config.google);
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const redirectUri = `${app.config.publicUrl}/api/auth/google/callback`;
      const sealed = seal(
        stateKey,
        JSON.stringify({
          state,
          verifier,
          redirectUri,
          session: sessionTag(request.cookies[SESSION_COOKIE]),
          expires: Date.now() + STATE_TTL_MS,
        }),
      );
      const url = oidc.buildAuthorizationUrl(client, {
        redirect_uri: redirectUri,
        scope: GMAIL_SCOPES.join(' '),
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        access_type: 'offline',
        // Ask again every time, so Google always returns a refresh token.
        prompt: 'consent',
      });
      return reply
        .setCookie(STATE_COOKIE, sealed, {
          path: '/api/auth/google',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: STATE_TTL_MS / 1000,
        })
        .redirect(url.href);
    },
  });

  r.route({
    ...serveEndpoint(r, api.finishGmailConnection),
    handler: async (request, reply) => {
      const sealed = request.cookies[STATE_COOKIE];
      let saved: { state: string; verifier: string; redirectUri: string; session: string; expires: number };
      try {
        saved = JSON.parse(open(stateKey, sealed ?? ''));
      } catch {
        throw new HttpError(400, 'The connection attempt expired or was started elsewhere. Start again.');
      }
      if (saved.expires < Date.now() || saved.session !== sessionTag(request.cookies[SESSION_COOKIE])) {
        throw new HttpError(400, 'The connection attempt expired or was started elsewhere. Start again.');
      }
      reply.clearCookie(STATE_COOKIE, { path: '/api/auth/google' });
      const query = request.query;
      if (query.error) {
        return reply
          .type('text/html; charset=utf-8')
          .send(
            resultPage(
              'Not connected',
              `Google answered: ${escapeHtml(query.error)}. You can close this window.`,
              false,
            ),
          );
      }
      const client = await googleClient(app.config.google);
      const currentUrl = new URL(request.url, saved.redirectUri);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
          pkceCodeVerifier: saved.verifier,
          expectedState: saved.state,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'gmail authorization failed');
        throw new HttpError(400, `Google did not complete the connection: ${(error as Error).message}`);
      }
      const email = tokens.claims()?.email;
      if (typeof email !== 'string' || !tokens.refresh_token) {
        throw new HttpError(400, 'Google did not return the account address and a refresh token. Try again.');
      }
      // Google answers the scopes it granted; a user may untick reading on the consent screen.
      await saveGmailConnection(
        app.db,
        app.tokenKey,
        email,
        tokens.refresh_token,
        tokens.scope ?? GMAIL_SCOPES.join(' '),
      );
      app.gmailPoller.nudge();
      request.log.info({ email }, 'gmail connected');
      return reply
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'unsafe-inline'; script-src '${CLOSE_SCRIPT_HASH}'`,
        )
        .type('text/html; charset=utf-8')
        .send(
          resultPage(
            'Gmail connected',
            `Mail will now be sent through ${escapeHtml(email)}. This window closes itself.`,
            true,
          ),
        );
    },
  });
}
