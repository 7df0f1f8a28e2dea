import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import PostalMime, { type Email } from 'postal-mime';

/**
 * Local stand-ins for Google: an OAuth 2.0 / OpenID issuer (oauth2-mock-server: discovery,
 * /authorize that redirects straight back with a code, /token with PKCE and refresh tokens) and a
 * Gmail API `users.messages.send` endpoint that checks the bearer token and decodes the raw MIME.
 * Search (`messages.list?q=rfc822msgid:<id>`) finds a message sent or in the mailbox by its
 * Message-ID, as Gmail does (campaign recovery, docs/decisions/044).
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
  /** Searches (`q`) the stand-in answered, in order. */
  searches: string[];
  /** The next refresh grant answers `invalid_grant` (a revoked authorization). */
  revokeNextRefresh(): void;
  /** Access tokens expire after this many seconds (default 3600). */
  setAccessTokenLifetime(seconds: number): void;
  /** The Gmail stand-in refuses (401) every access token issued before now, as after an early revocation. */
  expireIssuedTokens(): void;
  /**
   * The account's mailbox for the read endpoints (decision 023): `profile`, `history.list` (messages
   * added, by label), `messages.list` (`labelIds`, newest first) and `messages.get?format=raw`.
   * `deliver` adds a message (INBOX unless other labels are given) and moves the history id on.
   */
  deliver(raw: Buffer, labelIds?: string[]): string;
  /** History ids before the current one answer 404, as Google does after about a week. */
  expireHistory(): void;
  /** Read calls served (profile, history, list, get). */
  readCalls(): number;
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

  // The scopes the admin consented to at /authorize (the mock issuer itself forgets them):
  // tokens carry them and the token response names them, as Google's do.
  let grantedScope = 'dummy';
  issuer.service.on(Events.BeforeAuthorizeRedirect, (_redirect, req) => {
    if (typeof req.query.scope === 'string') grantedScope = req.query.scope;
  });
  issuer.service.on(Events.BeforeTokenSigning, (token) => {
    token.payload.email = accountEmail;
    token.payload.email_verified = true;
    token.payload.scope = grantedScope;
  });
  issuer.service.on(Events.BeforeResponse, (response, req) => {
    const body = response.body as Record<string, unknown>;
    if (typeof body.access_token === 'string') body.scope = grantedScope;
    if (req.body.grant_type === 'refresh_token') refreshGrantCount++;
    if (typeof body.refresh_token === 'string') refreshTokens.push(body.refresh_token);
    if (typeof body.access_token === 'string') body.expires_in = lifetime;
  });

  const sent: FakeGoogle['sent'] = [];
  const searches: string[] = [];
  const mailbox: { id: string; raw: Buffer; labelIds: string[]; historyId: number }[] = [];
  let historyId = 1000;
  let oldestHistory = 0;
  let reads = 0;
  const READ_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
  const gmail = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    const token = auth.replace(/^Bearer /, '');
    const payload = decodeJwt(token);
    const reply = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://gmail.local');
    const isSend = req.method === 'POST' && url.pathname === '/gmail/v1/users/me/messages/send';
    const isRead = req.method === 'GET' && url.pathname.startsWith('/gmail/v1/users/me/');
    if (!isSend && !isRead) return reply(404, { error: { message: 'Not found' } });
    const issuedAt = ((payload?.iat as number) ?? 0) * 1000;
    if (
      !payload ||
      payload.iss !== issuerUrl ||
      (payload.exp as number) * 1000 < Date.now() ||
      issuedAt < notBefore
    ) {
      return reply(401, { error: { message: 'Invalid Credentials' } });
    }
    if (isRead) {
      reads++;
      if (typeof payload.scope === 'string' && !payload.scope.split(' ').includes(READ_SCOPE)) {
        return reply(403, { error: { message: 'Request had insufficient authentication scopes.' } });
      }
      const path = url.pathname.replace('/gmail/v1/users/me', '');
      if (path === '/profile')
        return reply(200, { emailAddress: accountEmail, historyId: String(historyId) });
      if (path === '/history') {
        const start = Number(url.searchParams.get('startHistoryId'));
        if (!Number.isFinite(start) || start < oldestHistory) {
          return reply(404, { error: { message: 'Requested entity was not found.' } });
        }
        const label = url.searchParams.get('labelId');
        const added = mailbox.filter((m) => m.historyId > start && (!label || m.labelIds.includes(label)));
        return reply(200, {
          history: added.map((m) => ({
            id: String(m.historyId),
            messagesAdded: [{ message: { id: m.id, labelIds: m.labelIds } }],
          })),
          historyId: String(historyId),
        });
      }
      const q = url.searchParams.get('q');
      const id = q === null ? undefined : /^rfc822msgid:<?([^>\s]+)>?$/.exec(q)?.[1];
      if (path === '/messages' && q !== null && id) {
        searches.push(q);
        const inSent = sent.findIndex((m) => m.mail.messageId === `<${id}>`);
        const header = `message-id: <${id.toLowerCase()}>`;
        const inBox = mailbox.find((m) =>
          m.raw.toString('latin1').split('\r\n\r\n')[0]!.toLowerCase().split('\r\n').includes(header),
        );
        const found = [
          ...(inSent >= 0 ? [{ id: `msg-${inSent + 1}`, threadId: 't' }] : []),
          ...(inBox ? [{ id: inBox.id, threadId: inBox.id }] : []),
        ];
        return reply(
          200,
          found.length > 0
            ? { messages: found, resultSizeEstimate: found.length }
            : { resultSizeEstimate: 0 },
        );
      }
      if (path === '/messages') {
        const label = url.searchParams.get('labelIds');
        const max = Number(url.searchParams.get('maxResults') ?? 100);
        const found = mailbox
          .filter((m) => !label || m.labelIds.includes(label))
          .reverse()
          .slice(0, max);
        return reply(200, { messages: found.map((m) => ({ id: m.id, threadId: m.id })) });
      }
      const one = mailbox.find((m) => path === `/messages/${m.id}`);
      if (!one) return reply(404, { error: { message: 'Requested entity was not found.' } });
      return reply(200, { id: one.id, labelIds: one.labelIds, raw: one.raw.toString('base64url') });
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
    searches,
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
    deliver(raw, labelIds = ['INBOX', 'UNREAD']) {
      historyId += 7;
      const id = `m${historyId.toString(16)}`;
      mailbox.push({ id, raw, labelIds, historyId });
      return id;
    },
    expireHistory() {
      oldestHistory = historyId;
    },
    readCalls: () => reads,
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
