import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import PostalMime, { type Email } from 'postal-mime';

/**
 * Local stand-ins for Google: an OAuth 2.0 / OpenID issuer (oauth2-mock-server: discovery,
 * /authorize that redirects straight back with a code, /token with PKCE and refresh tokens) and a
 * Gmail API `users.messages.send` endpoint that checks the bearer token and decodes the raw MIME.
 */
export interface FakeGoogle {
  issuerUrl: string;
  gmailUrl: string;
  /** Refresh tokens the issuer handed out (to prove they never reach the database in clear). */
  refreshTokens: string[];
  /** Count of refresh-token grants served. */
  refreshGrants: () => number;
  /** Messages the Gmail stand-in accepted, decoded. */
  sent: { token: string; mail: Email }[];
  /** The next refresh grant answers `invalid_grant` (a revoked authorization). */
  revokeNextRefresh(): void;
  /** Access tokens expire after this many seconds (default 3600). */
  setAccessTokenLifetime(seconds: number): void;
  /** The Gmail stand-in refuses (401) every access token issued before now, as after an early revocation. */
  expireIssuedTokens(): void;
  close(): Promise<void>;
}

export async function startFakeGoogle(accountEmail: string): Promise<FakeGoogle> {
  const issuer = new OAuth2Server();
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  const issuerUrl = issuer.issuer.url!;
  const refreshTokens: string[] = [];
  let refreshGrantCount = 0;
  let lifetime = 3600;
  let notBefore = 0;

  issuer.service.on(Events.BeforeTokenSigning, (token) => {
    token.payload.email = accountEmail;
    token.payload.email_verified = true;
  });
  issuer.service.on(Events.BeforeResponse, (response, req) => {
    const body = response.body as Record<string, unknown>;
    if (req.body.grant_type === 'refresh_token') refreshGrantCount++;
    if (typeof body.refresh_token === 'string') refreshTokens.push(body.refresh_token);
    if (typeof body.access_token === 'string') body.expires_in = lifetime;
  });

  const sent: FakeGoogle['sent'] = [];
  const gmail = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    const token = auth.replace(/^Bearer /, '');
    const payload = decodeJwt(token);
    const reply = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/gmail/v1/users/me/messages/send') {
      return reply(404, { error: { message: 'Not found' } });
    }
    const issuedAt = ((payload?.iat as number) ?? 0) * 1000;
    if (
      !payload ||
      payload.iss !== issuerUrl ||
      (payload.exp as number) * 1000 < Date.now() ||
      issuedAt < notBefore
    ) {
      return reply(401, { error: { message: 'Invalid Credentials' } });
    }
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', async () => {
      const raw = Buffer.from(JSON.parse(text).raw, 'base64url');
      sent.push({ token, mail: await PostalMime.parse(raw) });
      reply(200, { id: `msg-${sent.length}`, threadId: 't', labelIds: ['SENT'] });
    });
  });
  await new Promise<void>((r) => gmail.listen(0, '127.0.0.1', r));
  const gmailUrl = `http://127.0.0.1:${(gmail.address() as AddressInfo).port}`;

  return {
    issuerUrl,
    gmailUrl,
    refreshTokens,
    refreshGrants: () => refreshGrantCount,
    sent,
    revokeNextRefresh() {
      issuer.service.once(Events.BeforeResponse, (response, req) => {
        if (req.body.grant_type !== 'refresh_token') return;
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' };
      });
    },
    setAccessTokenLifetime(seconds) {
      lifetime = seconds;
    },
    expireIssuedTokens() {
      // JWT iat has one-second resolution: wait for the next second before issuing new ones.
      notBefore = Math.ceil(Date.now() / 1000) * 1000;
    },
    async close() {
      await issuer.stop();
      await new Promise((r) => gmail.close(r));
    },
  };
}

function decodeJwt(token: string): Record<string, unknown> | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  } catch {
    return null;
  }
}
