import type { Db } from '../../../db/client.ts';
import type { AppConfig } from '../../config.ts';
import { SecretBoxError } from '../../crypto/secret-box.ts';
import { composeMessage } from '../compose-message.ts';
import { type Address, type MailProvider, MailSendError, type OutgoingMessage } from '../mail-provider.ts';
import { getGmailConnection, markGmailRevoked, readRefreshToken } from './gmail-connection.ts';
import { googleClient, oidc } from './google-oauth.ts';

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
  let access: { connectionId: number; token: string; expiresAt: number } | undefined;

  async function accessToken(connectionId: number, forceRefresh: boolean): Promise<string> {
    if (!forceRefresh && access?.connectionId === connectionId && access.expiresAt - 60_000 > Date.now()) {
      return access.token;
    }
    let refreshToken: string;
    try {
      refreshToken = await readRefreshToken(options.db, options.key, connectionId);
    } catch (error) {
      if (error instanceof SecretBoxError) {
        throw new MailSendError(
          'The saved Gmail token cannot be decrypted (APP_SECRET changed?): reconnect Gmail.',
        );
      }
      throw error;
    }
    try {
      const tokens = await oidc.refreshTokenGrant(await googleClient(options.google), refreshToken);
      access = {
        connectionId,
        token: tokens.access_token,
        expiresAt: Date.now() + (tokens.expiresIn() ?? 3600) * 1000,
      };
      return access.token;
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') {
        const reason = 'Google refused the saved authorization (revoked or expired). Reconnect Gmail.';
        await markGmailRevoked(options.db, connectionId, reason);
        access = undefined;
        throw new MailSendError(reason, { cause: error });
      }
      throw new MailSendError(`Could not refresh the Gmail access token: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

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
