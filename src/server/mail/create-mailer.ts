import type { Db } from '../../db/client.ts';
import type { AppConfig } from '../config.ts';
import { getGmailConnection } from './gmail/gmail-connection.ts';
import { createGmailProvider } from './gmail/gmail-provider.ts';
import {
  type DeliveryCheck,
  type MailProvider,
  MailSendError,
  type OutgoingMessage,
  type SendOptions,
  type SentMessage,
} from './mail-provider.ts';
import { createOutboxProvider } from './outbox-provider.ts';
import { createSmtpProvider } from './smtp-provider.ts';

/** The mail module as the app uses it: `send` goes through whichever provider is active now. */
export interface Mailer {
  /**
   * Sends one message through the active provider, or through the provider of kind `via` when
   * given (a campaign records which provider it is about to use before the call: decision 044).
   * @throws MailSendError, also when `via` names a provider that is not configured.
   */
  send(
    message: OutgoingMessage,
    options?: SendOptions & { via?: MailProvider['kind'] },
  ): Promise<SentMessage>;
  /** The provider that the next message would go through. */
  active(): Promise<MailProvider>;
  /**
   * Asks the provider of kind `kind` (the one an interrupted send went to, whichever is active
   * now) whether it has the message `messageId` (docs/decisions/044); `unknown` when that provider
   * cannot search (SMTP, the outbox) or is not configured any more. Never throws.
   */
  findSent(kind: MailProvider['kind'], messageId: string): Promise<DeliveryCheck>;
  close(): Promise<void>;
}

/**
 * Chooses the provider per docs/product.md §10.1: `MAIL_PROVIDER` (or `SMTP_URL` alone → smtp) when set;
 * otherwise the connected Gmail account when there is one, else the development outbox.
 */
export function createMailer(config: AppConfig, db: Db, tokenKey: Buffer): Mailer {
  const outbox = createOutboxProvider({ dir: config.mail.outboxDir, from: config.mail.from });
  const gmail = createGmailProvider({ db, key: tokenKey, google: config.google, from: config.mail.from });
  const smtp = config.mail.smtpUrl
    ? createSmtpProvider({
        url: config.mail.smtpUrl,
        from: config.mail.from,
        ratePerSecond: config.mail.smtpRateLimit,
      })
    : null;

  async function active(): Promise<MailProvider> {
    switch (config.mail.provider) {
      case 'outbox':
        return outbox;
      case 'gmail':
        return gmail;
      case 'smtp':
        return smtp ?? outbox;
      default: {
        const connection = await getGmailConnection(db);
        return connection?.status === 'connected' ? gmail : outbox;
      }
    }
  }

  const byKind = (kind: MailProvider['kind']) => (kind === 'gmail' ? gmail : kind === 'smtp' ? smtp : outbox);

  return {
    active,
    async send(message, options) {
      const provider = options?.via ? byKind(options.via) : await active();
      if (!provider) throw new MailSendError('SMTP is not configured (SMTP_URL).');
      return provider.send(message, options);
    },
    async findSent(kind, messageId) {
      const provider = byKind(kind);
      if (!provider?.findSent) {
        return { found: 'unknown', reason: 'The mail provider cannot be asked whether it has the message.' };
      }
      return provider.findSent(messageId);
    },
    async close() {
      await Promise.all([outbox.close(), gmail.close(), smtp?.close()]);
    },
  };
}
