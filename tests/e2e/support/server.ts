/**
 * Starts the real, built server for browser tests: a free port on 127.0.0.1, a fresh temporary
 * DATA_DIR (embedded PGlite), production mode and demo admin mode (no ADMIN_* variables), rate
 * limits lifted (every test signs in and writes in from one address). `env` adds or overrides
 * variables. Resolves once `GET /readyz` answers 200; `stop()` sends SIGTERM (SIGKILL after 15 s)
 * and removes the data folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { root, serverEntry, serverNodeArgs } from '../../../scripts/ensure.mjs';

const READY_TIMEOUT_MS = 60_000;

export interface AppServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
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

/**
 * @param env variables added or overridden; `ADMIN_USERNAME`/`ADMIN_PASSWORD` given here are kept
 *   (a configured owner instead of demo mode).
 * @param options.publicHost the host name of APP_URL and the base URL (default 127.0.0.1);
 *   `localhost` for passkeys, which WebAuthn refuses on an IP address.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { publicHost?: string } = {},
): Promise<AppServer> {
  if (!existsSync(path.join(root, 'dist/web/index.html')) || !existsSync(serverEntry)) {
    throw new Error('The app is not built: run `npm run build` first.');
  }
  const port = await getPort({ host: '127.0.0.1' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agency-e2e-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The address the browser uses, as a deployment's APP_URL is: links and the OAuth redirect
    // come back to the same origin (and its cookies).
    APP_URL: `http://${options.publicHost ?? '127.0.0.1'}:${port}`,
    ENV_FILE: '',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CONTACT_RATE_LIMIT: '10000',
    LOGIN_RATE_LIMIT: '10000',
    ...env,
  };
  // Demo mode (the 'Login as Admin (Test)' button) and the embedded database.
  if (!('ADMIN_USERNAME' in env)) delete childEnv.ADMIN_USERNAME;
  if (!('ADMIN_PASSWORD' in env)) delete childEnv.ADMIN_PASSWORD;
  delete childEnv.DATABASE_URL;

  // The production artefact, as `npm start` runs it: compiled, on plain node with the server's
  // V8 flags (without `--liftoff-only` each start cost about 2 CPU-seconds more, decision 027).
  const child = spawn(process.execPath, [...serverNodeArgs, serverEntry], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const baseUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (running()) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
