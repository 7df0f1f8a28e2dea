/**
 * Starts the real server once for the browser tests: a free port, a fresh temporary DATA_DIR
 * (embedded PGlite), production mode and demo admin mode (no ADMIN_* variables). Google is the
 * local stand-in of the API tests (an OAuth issuer and a Gmail API endpoint on loopback), so
 * the mail setup page can connect for real. Waits for `GET /readyz` to answer 200, publishes the
 * base URL as E2E_BASE_URL, the data folder as E2E_DATA_DIR (the outbox is read there) and the
 * stand-in's account as E2E_GMAIL_ACCOUNT, and returns the
 * teardown (SIGTERM, the stand-ins stop, the temporary folder is removed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeGoogle } from '../api/helpers/google.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
/** The Workspace account the Google stand-in signs in as. */
const GMAIL_ACCOUNT = 'owner@brightlane.test';

/** Asks the OS for a free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not read the free port.'));
      });
    });
  });
}

async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const how = child.exitCode !== null ? `code ${child.exitCode}` : `signal ${child.signalCode}`;
      throw new Error(`The server exited (${how}) before it was ready:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('The app is not built: dist/web/index.html is missing. Run `npm run build` first.');
  }
  const port = await freePort();
  const google = await startFakeGoogle(GMAIL_ACCOUNT);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agency-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Every test makes its own leads and sign-ins from one address: lift the rate limits.
    CONTACT_RATE_LIMIT: '10000',
    LOGIN_RATE_LIMIT: '10000',
    GOOGLE_CLIENT_ID: 'e2e-client',
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
    GOOGLE_ISSUER: google.issuerUrl,
    GMAIL_API_URL: google.gmailUrl,
  };
  // Demo mode (the 'Login as Admin (Test)' button) and the embedded database.
  delete env.ADMIN_USERNAME;
  delete env.ADMIN_PASSWORD;
  delete env.DATABASE_URL;

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://127.0.0.1:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  const teardown = async () => {
    if (running()) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (running()) child.kill('SIGKILL');
    }
    await google.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl, child, () => log);
  } catch (error) {
    await teardown();
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_GMAIL_ACCOUNT = GMAIL_ACCOUNT;
  process.env.E2E_DATA_DIR = dataDir;
  return teardown;
}
