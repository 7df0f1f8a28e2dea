import type { Db } from '../../../db/client.ts';
import type { AppConfig } from '../../config.ts';
import { SecretBoxError } from '../../crypto/secret-box.ts';
import { MailSendError } from '../mail-provider.ts';
import { markGmailRevoked, readRefreshToken } from './gmail-connection.ts';
import { googleClient, oidc } from './google-oauth.ts';

/**
 * Access tokens of the Gmail connection, shared by sending (gmail-provider.ts) and reading replies
 * (gmail-reader.ts) in this process, so both use one token and one refresh. A token is refreshed
 * from the stored refresh token when missing, about to expire, or `forceRefresh`; a refused grant
 * (`invalid_grant`: revoked, expired, password changed) marks the connection revoked so the setup
 * page says to reconnect.
 * @throws MailSendError with a message fit for the admin.
 */

interface TokenState {
  access?: { connectionId: number; token: string; expiresAt: number };
  /** The refresh under way, if any: callers at the same moment (a send and the reply reader) share it. */
  refreshing?: { connectionId: number; token: Promise<string> };
}

/**
 * One state per database handle, that is per app: connection ids start at 1 in every database, so
 * two apps in one process (the test suites) must never see each other's token.
 */
const states = new WeakMap<Db, TokenState>();

function stateOf(db: Db): TokenState {
  let state = states.get(db);
  if (!state) {
    state = {};
    states.set(db, state);
  }
  return state;
}

export async function gmailAccessToken(
  options: { db: Db; key: Buffer; google: AppConfig['google'] },
  connectionId: number,
  forceRefresh: boolean,
): Promise<string> {
  const state = stateOf(options.db);
  const { access } = state;
  if (!forceRefresh && access?.connectionId === connectionId && access.expiresAt - 60_000 > Date.now()) {
    return access.token;
  }
  // A refresh already under way yields a new token: a second grant at the same moment would only
  // cost a round trip (and Google counts them).
  if (state.refreshing?.connectionId === connectionId) return state.refreshing.token;
  const token = refreshAccessToken(options, state, connectionId);
  state.refreshing = { connectionId, token };
  try {
    return await token;
  } finally {
    if (state.refreshing?.token === token) state.refreshing = undefined;
  }
}

async function refreshAccessToken(
  options: { db: Db; key: Buffer; google: AppConfig['google'] },
  state: TokenState,
  connectionId: number,
): Promise<string> {
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
    state.access = {
      connectionId,
      token: tokens.access_token,
      expiresAt: Date.now() + (tokens.expiresIn() ?? 3600) * 1000,
    };
    return tokens.access_token;
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') {
      const reason = 'Google refused the saved authorization (revoked or expired). Reconnect Gmail.';
      await markGmailRevoked(options.db, connectionId, reason);
      state.access = undefined;
      throw new MailSendError(reason, { cause: error });
    }
    throw new MailSendError(`Could not refresh the Gmail access token: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
