import type { Db } from '../../../db/client.ts';
import type { AppConfig } from '../../config.ts';
import { composeMessage } from '../compose-message.ts';
import {
  type Address,
  type DeliveryCheck,
  type MailProvider,
  MailSendError,
  type OutgoingMessage,
} from '../mail-provider.ts';
import { gmailAccessToken } from './gmail-access.ts';
import { getGmailConnection } from './gmail-connection.ts';
import { GMAIL_READ_SCOPE } from './google-oauth.ts';

/**
 * Sends through the connected Workspace account with the Gmail API `users.messages.send` and the
 * raw MIME message (base64url). Access tokens are refreshed from the stored refresh token when
 * missing or about to expire; a refused grant (`invalid_grant`: revoked, expired, password
 * changed) marks the connection revoked so the setup page says to reconnect. `findSent` searches
 * the account for a Message-ID (`rfc822msgid:`), so a campaign send a crash cut off is settled by
 * Gmail's own answer (docs/decisions/044).
 */
export function createGmailProvider(options: {
  db: Db;
  key: Buffer;
  google: AppConfig['google'];
  from: Address;
}): MailProvider {
  const accessToken = (connectionId: number, forceRefresh: boolean) =>
    gmailAccessToken(options, connectionId, forceRefresh);

  async function post(token: string, raw: Buffer) {
    return fetch(`${options.google.gmailApiUrl}/gmail/v1/users/me/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ raw: raw.toString('base64url') }),
      signal: AbortSignal.timeout(30_000),
    });
  }

  return {
    kind: 'gmail',
    async send(message: OutgoingMessage) {
      const connection = await getGmailConnection(options.db);
      if (connection?.status !== 'connected') {
        throw new MailSendError(
          connection?.statusReason ?? 'Gmail is not connected. Connect it on the Mail setup page.',
        );
      }
      const { raw, messageId } = await composeMessage(options.from, message);
      let res: Response;
      try {
        res = await post(await accessToken(connection.id, false), raw);
        // An access token revoked early: refresh once and try again.
        if (res.status === 401) res = await post(await accessToken(connection.id, true), raw);
      } catch (error) {
        if (error instanceof MailSendError) throw error;
        throw new MailSendError(`Gmail API unreachable: ${(error as Error).message}`, { cause: error });
      }
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new MailSendError(`Gmail API error ${res.status}: ${body?.error?.message ?? res.statusText}`);
      }
      return { messageId };
    },
    async findSent(messageId: string): Promise<DeliveryCheck> {
      const connection = await getGmailConnection(options.db);
      if (connection?.status !== 'connected') {
        return { found: 'unknown', reason: 'Gmail is not connected, so it could not be asked.' };
      }
      // Searching needs gmail.readonly; a connection made for sending only cannot look.
      if (!(connection.scopes ?? '').split(/\s+/).includes(GMAIL_READ_SCOPE)) {
        return { found: 'unknown', reason: 'Gmail could not be asked: reconnect it to allow reading.' };
      }
      try {
        const url = new URL(`${options.google.gmailApiUrl}/gmail/v1/users/me/messages`);
        // A sent message is in the account (label SENT) under the Message-ID we gave it; spam and
        // trash count too (it was sent even if since deleted).
        url.searchParams.set('q', `rfc822msgid:${messageId}`);
        url.searchParams.set('includeSpamTrash', 'true');
        url.searchParams.set('maxResults', '1');
        const get = async (force: boolean) =>
          fetch(url, {
            headers: { authorization: `Bearer ${await accessToken(connection.id, force)}` },
            signal: AbortSignal.timeout(30_000),
          });
        let res = await get(false);
        if (res.status === 401) res = await get(true);
        if (!res.ok) return { found: 'unknown', reason: `Gmail could not be asked (HTTP ${res.status}).` };
        const body = (await res.json()) as { messages?: unknown[] };
        return (body.messages?.length ?? 0) > 0 ? { found: 'delivered' } : { found: 'absent' };
      } catch (error) {
        return { found: 'unknown', reason: `Gmail could not be asked: ${(error as Error).message}` };
      }
    },
    async close() {},
  };
}
