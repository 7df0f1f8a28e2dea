import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives. STARTTLS is off:
 * its built-in certificate has expired (decision 004), and loopback needs no TLS.
 */
export interface TestSmtp {
  port: number;
  url: string;
  messages: { raw: Buffer; envelopeTo: string[]; parsed: () => Promise<Email> }[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtp(
  options: Partial<SMTPServerOptions> & {
    port?: number;
    rejectRecipient?: (address: string) => boolean;
  } = {},
): Promise<TestSmtp> {
  const messages: TestSmtp['messages'] = [];
  const { port = 0, rejectRecipient, ...rest } = options;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectRecipient?.(address.address)) {
        const error = new Error(`550 5.1.1 <${address.address}>: Recipient address rejected`) as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        messages.push({
          raw,
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          parsed: () => PostalMime.parse(raw),
        });
        callback();
      });
    },
    ...rest,
  });
  // smtp-server reports a client's dropped connection (ECONNRESET when a test SIGKILLs the app
  // mid-send) as an 'error' event; unheard, Node would treat it as an uncaught exception.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}?ignoreTLS=true`,
    messages,
    async waitFor(count, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
