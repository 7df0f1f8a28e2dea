import type { Db } from '../../db/client.ts';
import type { AppConfig } from '../config.ts';
import { getGmailConnection } from './gmail/gmail-connection.ts';
import { createGmailProvider } from './gmail/gmail-provider.ts';
import type { MailProvider, OutgoingMessage, SentMessage } from './mail-provider.ts';
import { createOutboxProvider } from './outbox-provider.ts';
import { createSmtpProvider } from './smtp-provider.ts';

/** The mail module as the app uses it: `send` goes through whichever provider is active now. */
export interface Mailer {
  /** Sends one message through the active provider. @throws MailSendError */
  send(message: OutgoingMessage): Promise<SentMessage>;
  /** The provider that the next message would go through. */
  active(): Promise<MailProvider>;
  close(): Promise<void>;
}

/**
 * Chooses the provider per DESIGN §3: `MAIL_PROVIDER` (or `SMTP_URL` alone → smtp) when set;
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

  return {
    active,
    async send(message) {
      return (await active()).send(message);
    },
    async close() {
      await Promise.all([outbox.close(), gmail.close(), smtp?.close()]);
    },
  };
}
