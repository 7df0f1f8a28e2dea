import { type ChildProcess, spawn } from 'node:child_process';
import { serverEntry, serverEnv, serverNodeArgs } from '../../../scripts/ensure.mjs';

/**
 * The real server as a child process, for tests of what only a process shows: start-up, locks,
 * signals, crashes, several instances. It is the production artefact run as `npm start` runs it
 * (the bundle, its Node options and environment; decision 046), built by the suites' global setup
 * (tests/global-setup.ts): a start costs about 4 s of CPU, against 7 s for the sources through tsx.
 */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** The arguments after `node` that run the built server as `npm start` does. */
export const serverCommand = [...serverNodeArgs, serverEntry];

/**
 * The environment of a test's server: `npm start`'s additions, this process's variables, a free
 * port on loopback, info logs (the tests read 'Server listening at'), then `env`.
 */
export function serverProcessEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  // ENV_FILE '': a developer's .env must not change what a test runs with.
  return {
    ...serverEnv,
    ...process.env,
    ENV_FILE: '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ...env,
  };
}

function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, serverCommand, {
    env: serverProcessEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, exited };
}

/** Starts a server and resolves once it listens. @throws when it exits first. */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const { child, exited } = spawnServer(env);
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) resolve({ child, url: match[1]!, output: () => out, exited });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`exited ${code} before listening:\n${out}`)));
  });
}

/** Runs a server that is expected to stop by itself (bad configuration, locked folder). */
export async function runServerToExit(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const { child, exited } = spawnServer(env);
  let output = '';
  child.stdout!.on('data', (c) => {
    output += c;
  });
  child.stderr!.on('data', (c) => {
    output += c;
  });
  return { code: await exited, output };
}

/** Kills whatever is still running (afterAll). */
export function killAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** Signs in with the demo pair and returns the cookie header. */
export async function signInTo(url: string): Promise<string> {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo-admin' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}
