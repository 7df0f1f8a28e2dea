import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/**
 * A real HTTP receiver on loopback for webhook tests: records every request and answers `status`
 * (settable). `stop()` closes it, so the port refuses connections; `start()` listens again on the
 * same port.
 */
export interface WebhookReceiver {
  url: string;
  /** Whether it listens now (false between `stop()` and `start()`). */
  running: boolean;
  received: ReceivedHook[];
  status: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let server: http.Server | null = null;
  let port = 0;
  const receiver: WebhookReceiver = {
    url: '',
    running: false,
    received: [],
    status: 204,
    async start() {
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const status = receiver.status;
          receiver.received.push({
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            status,
          });
          res.writeHead(status).end();
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${port}/hook`;
      receiver.running = true;
    },
    async stop() {
      const s = server;
      server = null;
      receiver.running = false;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async close() {
      await receiver.stop();
    },
  };
  await receiver.start();
  return receiver;
}
