import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  killAllServers,
  serverCommand,
  serverProcessEnv,
  signInTo,
  startServer,
} from './helpers/server-process.ts';

/**
 * The embedded default's data folder survives a SIGKILL of any process of
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
 * channel); resolves with the parent, the server's PID and URL.
 */
async function startUnderParent(env: Record<string, string>) {
  const script = `
    const { spawn } = require('node:child_process');
    const server = spawn(process.execPath, ${JSON.stringify(serverCommand)}, {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    console.log('server pid ' + server.pid);`;
  const parent = spawn(process.execPath, ['-e', script], {
    env: serverProcessEnv(env),
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
    const { parent, serverPid, url } = await startUnderParent({ DATA_DIR: dataDir, CONTACT_POW: 'off' });
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

    const again = await startServer({ DATA_DIR: dataDir, CONTACT_POW: 'off' });
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

/** The PIDs of `pid`'s descendants (children first), from /proc. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (after the parenthesised command, which may hold spaces) is the parent PID.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // The process ended while listing.
    }
  }
  return found;
}

describe.runIf(!process.env.TEST_DATABASE_URL)('npm start stopped', { timeout: 240_000 }, () => {
  const stopped = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-sigterm-'));
  afterAll(() => fs.rmSync(stopped, { recursive: true, force: true }));

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`${signal} to the real \`npm start\` (as a service manager sends it) ends scripts/start.mjs and its server, freeing the folder`, async () => {
      const npm = spawn('npm', ['start'], {
        env: { ...process.env, ENV_FILE: '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: stopped },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      parents.push(npm);
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          out += chunk.toString();
          const match = out.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
          if (match) resolve(match[1]!);
        };
        npm.stdout!.on('data', onData);
        npm.stderr!.on('data', onData);
        npm.once('exit', (code) => reject(new Error(`npm start exited ${code}:\n${out}`)));
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const tree = descendants(npm.pid!);
      expect(tree.length).toBeGreaterThan(0);

      npm.kill(signal);
      const deadline = Date.now() + 30_000;
      while (tree.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(tree.filter(alive), out.slice(-2000)).toEqual([]);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
      expect(fs.existsSync(path.join(stopped, 'app.lock'))).toBe(false);

      const again = await startServer({ DATA_DIR: stopped });
      again.child.kill('SIGTERM');
      await again.exited;
    });
  }
});
