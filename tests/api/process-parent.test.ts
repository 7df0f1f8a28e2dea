import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, signInTo, startServer } from './helpers/server-process.ts';

/**
 * Issue #15 'Memory': the embedded default's data folder survives a SIGKILL of any process of
 * `npm start`. The server is a child of scripts/start.mjs; when that parent is killed the server
 * must not live on holding the folder's lock (the next `npm start` would be refused), so it
 * watches the IPC channel start.mjs opens and shuts down when it closes.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-parent-'));
const parents: ChildProcess[] = [];

afterAll(() => {
  for (const parent of parents) parent.kill('SIGKILL');
  killAllServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A parent that starts the server as scripts/start.mjs does (stdio inherited plus an IPC
 * channel), here from the TypeScript sources; resolves with the parent, the server's PID and URL.
 */
async function startUnderParent(env: Record<string, string>) {
  const script = `
    const { spawn } = require('node:child_process');
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    console.log('server pid ' + server.pid);`;
  const parent = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, ENV_FILE: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  parents.push(parent);
  let out = '';
  return new Promise<{ parent: ChildProcess; serverPid: number; url: string }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const pid = out.match(/server pid (\d+)/);
      const url = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      if (pid && url) resolve({ parent, serverPid: Number(pid[1]), url: url[1]! });
    };
    parent.stdout!.on('data', onData);
    parent.stderr!.on('data', onData);
    parent.once('exit', (code) => reject(new Error(`parent exited ${code}:\n${out}`)));
  });
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.runIf(!process.env.TEST_DATABASE_URL)('npm start killed', { timeout: 240_000 }, () => {
  it('a SIGKILL of the npm start process stops its server, and the folder opens again with its data', async () => {
    const { parent, serverPid, url } = await startUnderParent({ DATA_DIR: dataDir });
    const lead = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Before the kill', email: 'before.kill@example.com', message: 'Kept.' }),
    });
    expect(lead.status).toBe(201);

    parent.kill('SIGKILL');
    const deadline = Date.now() + 30_000;
    while (alive(serverPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(alive(serverPid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);

    const again = await startServer({ DATA_DIR: dataDir });
    try {
      const cookie = await signInTo(again.url);
      const list = (await (
        await fetch(`${again.url}/api/admin/contacts`, { headers: { cookie } })
      ).json()) as {
        name: string;
      }[];
      expect(list.map((c) => c.name)).toContain('Before the kill');
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  });
});
