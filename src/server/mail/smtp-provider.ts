import nodemailer from 'nodemailer';
import { composeMessage } from './compose-message.ts';
import { type Address, type MailProvider, MailSendError, type OutgoingMessage } from './mail-provider.ts';

/**
 * SMTP delivery through a pooled nodemailer transport (`SMTP_URL`, e.g.
 * `smtps://user:pass@smtp.example.com:465`; nodemailer options may follow as query parameters,
 * e.g. `?ignoreTLS=true` for a local relay). The message is composed once by `composeMessage`
 * and handed over raw, so every provider sends byte-identical MIME.
 */
export function createSmtpProvider(options: {
  url: string;
  from: Address;
  ratePerSecond: number;
}): MailProvider {
  const transport = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: 5,
    // A message whose connection dropped mid-send may have been delivered: never resend it here,
    // the caller decides (queued mail retries; campaign recipients are reported, not resent).
    maxRequeues: 0,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    ...(options.ratePerSecond > 0 ? { rateLimit: options.ratePerSecond, rateDelta: 1000 } : {}),
  });
  return {
    kind: 'smtp',
    async send(message: OutgoingMessage) {
      const { raw, messageId } = await composeMessage(options.from, message);
      try {
        await transport.sendMail({
          envelope: { from: options.from.address, to: [message.to.address] },
          raw,
        });
      } catch (error) {
        const e = error as Error & { response?: string; code?: string };
        throw new MailSendError(e.response ? `SMTP error: ${e.response}` : `SMTP error: ${e.message}`, {
          cause: error,
        });
      }
      return { messageId };
    },
    async close() {
      transport.close();
    },
  };
}
