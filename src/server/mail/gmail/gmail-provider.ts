import type { Db } from '../../../db/client.ts';
import type { AppConfig } from '../../config.ts';
import { composeMessage } from '../compose-message.ts';
import { type Address, type MailProvider, MailSendError, type OutgoingMessage } from '../mail-provider.ts';
import { gmailAccessToken } from './gmail-access.ts';
import { getGmailConnection } from './gmail-connection.ts';

/**
 * Sends through the connected Workspace account with the Gmail API `users.messages.send` and the
 * raw MIME message (base64url). Access tokens are refreshed from the stored refresh token when
 * missing or about to expire; a refused grant (`invalid_grant`: revoked, expired, password
 * changed) marks the connection revoked so the setup page says to reconnect.
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
    async close() {},
  };
}
