import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { composeMessage } from './compose-message.ts';
import {
  type Address,
  type MailProvider,
  MailSendError,
  type OutgoingMessage,
  type SendOptions,
} from './mail-provider.ts';

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
    // the caller decides (queued mail retries; campaign recipients: docs/decisions/044).
    maxRequeues: 0,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    ...(options.ratePerSecond > 0 ? { rateLimit: options.ratePerSecond, rateDelta: 1000 } : {}),
  });
  return {
    kind: 'smtp',
    async send(message: OutgoingMessage, sendOptions?: SendOptions) {
      const { raw, messageId } = await composeMessage(options.from, message);
      const gate = sendOptions?.beforeDataEnd;
      try {
        await transport.sendMail({
          envelope: { from: options.from.address, to: [message.to.address] },
          raw: gate ? heldEnd(raw, gate) : raw,
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

/**
 * The message as a stream that ends only once `gate` resolved. nodemailer pipes the message into
 * its DataStream, which writes the end of DATA (`\r\n.\r\n`) from its flush, that is only after
 * this source ends (nodemailer's smtp-connection/data-stream.js); until then the server holds
 * an unfinished message that it discards if the connection drops. `gate` starts as soon as every
 * byte has been pushed (the marker it commits is then already true: nothing but the dot is left).
 * If `gate` rejects, the stream fails: nodemailer reports ESTREAM and the pool closes that
 * connection, so the dot never goes out.
 */
function heldEnd(raw: Buffer, gate: () => Promise<void>): Readable {
  let pushed = false;
  let gated = false;
  return new Readable({
    read() {
      if (!pushed) {
        pushed = true;
        this.push(raw);
        return;
      }
      if (gated) return;
      gated = true;
      gate().then(
        () => this.push(null),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
}
