import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How `npm run backup` gets a snapshot from a running server (decision 022). The embedded
 * database belongs to the server process (one process per data folder), so the CLI cannot open
 * it; it asks the server instead. The server listens on an ephemeral port of 127.0.0.1 only
 * (whatever `HOST` is, and never behind the public port or a proxy) and writes the port and a
 * fresh random token to `DATA_DIR/control.json`, mode 0600 in a 0700 folder: only the data
 * folder's owner (or root) can read it, and only a request carrying the token gets a snapshot.
 *
 * Protocol: `POST /snapshot` with `Authorization: Bearer <token>` → 200, `application/gzip`, the
 * snapshot's bytes streamed as they are made (chunked: no length up front); a snapshot that fails
 * before its first byte is 503 with the reason, one that fails later cuts the connection (the CLI
 * then sees an incomplete body and keeps nothing); 401 without the token; 404 anything else.
 */

/** What `control.json` holds. */
export interface ControlFile {
  pid: number;
  port: number;
  token: string;
}

export function controlFilePath(dataDir: string): string {
  return path.join(dataDir, 'control.json');
}

/**
 * Starts the control listener and writes `control.json`. @returns a function that closes the
 * listener and removes the file (when it is still this server's).
 */
export async function startControlChannel(options: {
  dataDir: string;
  /** Runs `consume` over a snapshot's chunks (DailyBackup.snapshot). */
  snapshot: (consume: (chunks: AsyncIterable<Uint8Array>) => Promise<void>) => Promise<void>;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const server = http.createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(401).end();
      return;
    }
    if (req.method !== 'POST' || req.url !== '/snapshot') {
      res.writeHead(404).end();
      return;
    }
    const started = Date.now();
    let bytes = 0;
    options
      .snapshot(async (chunks) => {
        for await (const chunk of chunks) {
          if (!res.headersSent) res.writeHead(200, { 'content-type': 'application/gzip' });
          bytes += chunk.length;
          // Waits while the CLI is slower than the snapshot (no backup piles up in memory).
          if (!res.write(chunk)) await waitForDrain(res);
        }
      })
      .then(
        () => {
          if (!res.headersSent) res.writeHead(200, { 'content-type': 'application/gzip' });
          res.end();
          options.log.info({ bytes, ms: Date.now() - started }, 'backup snapshot sent to npm run backup');
        },
        (err) => {
          options.log.error({ err }, 'backup snapshot failed');
          if (res.headersSent) res.destroy();
          else res.writeHead(503, { 'content-type': 'text/plain' }).end(String((err as Error).message));
        },
      );
  });
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const file = controlFilePath(options.dataDir);
  const content = JSON.stringify({ pid: process.pid, port, token } satisfies ControlFile);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, content, { mode: 0o600 });
  fs.renameSync(temp, file);
  return async () => {
    try {
      if (fs.readFileSync(file, 'utf8') === content) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/** Resolves when `res` can take more; rejects when the connection closed first. */
function waitForDrain(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('npm run backup went away before the snapshot was sent'));
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

/**
 * Reads `control.json` when it names a live process other than this one. @returns null when
 * there is no running server to ask (no file, unreadable, or its process ended).
 */
export function readControlFile(dataDir: string): ControlFile | null {
  let parsed: Partial<ControlFile>;
  try {
    parsed = JSON.parse(fs.readFileSync(controlFilePath(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(parsed.pid) || !Number.isInteger(parsed.port) || typeof parsed.token !== 'string')
    return null;
  try {
    process.kill(parsed.pid!, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return parsed as ControlFile;
}
