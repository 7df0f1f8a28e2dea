import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, runServerToExit, startServer } from '../api/helpers/server-process.ts';

/**
 * On the real process: a known password never listens on a public address,
 * production settings without APP_URL / APP_SECRET / a safe TRUST_PROXY refuse to start with one
 * line naming the key, and the data folder is private to the server's user.
 */

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-start-'));
  dirs.push(dir);
  return dir;
};
const admin = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a long enough admin password' };

afterAll(() => {
  killAllServers();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the server with `env`, expects it to stop by itself, and returns the line naming `key`. */
async function refusal(env: Record<string, string>, key: RegExp) {
  const { code, output } = await runServerToExit({ DATA_DIR: tempDir(), ...env });
  expect(code, output).not.toBe(0);
  expect(output).not.toMatch(/Server listening/);
  const lines = output.split('\n').filter((l) => key.test(l));
  expect(lines, output).toHaveLength(1);
  return lines[0]!;
}

describe('start-up on the internet', { timeout: 60_000 }, () => {
  it('demo mode with HOST unset listens on loopback only, as `npm start` does', async () => {
    const server = await startServer({ DATA_DIR: tempDir(), HOST: '' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.output()).not.toMatch(/listening at http:\/\/(?!127\.0\.0\.1)/);
    // Bound to 127.0.0.1 itself, not to every interface: another address of this machine (here
    // 127.0.0.2, which a 0.0.0.0 socket would answer) is refused.
    const port = new URL(server.url).port;
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.2:${port}/healthz`)).rejects.toThrow();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('demo mode on a public HOST refuses to start, naming ADMIN_USERNAME and ADMIN_PASSWORD', async () => {
    const line = await refusal({ HOST: '0.0.0.0', APP_URL: 'https://demo.example' }, /ADMIN_USERNAME/);
    expect(line).toContain('ADMIN_PASSWORD');
    expect(line).toContain('DEMO_MODE=true');
  });

  it('a public demo needs DEMO_MODE=true and then warns loudly', async () => {
    const server = await startServer({
      DATA_DIR: tempDir(),
      HOST: '0.0.0.0',
      DEMO_MODE: 'true',
      APP_URL: 'https://demo.example',
    });
    expect(server.output()).toMatch(/PUBLIC DEMO MODE \(DEMO_MODE=true\).*ANYONE/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('configured admin on a public HOST without APP_URL refuses, naming APP_URL', async () => {
    expect(await refusal({ ...admin, HOST: '0.0.0.0' }, /APP_URL/)).toMatch(
      /APP_URL: required on HOST=0\.0\.0\.0/,
    );
  });

  it('DATABASE_URL without APP_SECRET refuses, naming APP_SECRET', async () => {
    const line = await refusal(
      { ...admin, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      /APP_SECRET/,
    );
    expect(line).toMatch(/APP_SECRET: required with DATABASE_URL/);
  });

  it('TRUST_PROXY=true refuses, saying what to write instead', async () => {
    const line = await refusal(
      { ...admin, TRUST_PROXY: 'true', APP_URL: 'https://agency.example' },
      /TRUST_PROXY/,
    );
    expect(line).toMatch(/number of proxies.*\(e\.g\. 1\).*addresses/);
  });

  it('keeps the data folder private: folders 0700, files 0600', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o755); // an existing folder made with the usual umask
    // The lead is posted without the form's proof of work: off, so it is a lead that queues mail.
    const server = await startServer({ DATA_DIR: dataDir, CONTACT_POW: 'off' });
    const lead = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Olivia', email: 'olivia@example.com', message: 'Hello' }),
    });
    expect(lead.status).toBe(201);
    const outbox = path.join(dataDir, 'outbox');
    for (let i = 0; i < 200 && !(fs.existsSync(outbox) && fs.readdirSync(outbox).length > 0); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    server.child.kill('SIGTERM');
    await server.exited;
    const loose: string[] = [];
    let files = 0;
    const walk = (target: string) => {
      const stat = fs.statSync(target);
      if ((stat.mode & 0o077) !== 0)
        loose.push(`${path.relative(dataDir, target) || '.'} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) walk(path.join(target, entry));
      else files++;
    };
    walk(dataDir);
    expect(fs.readdirSync(outbox).length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(files).toBeGreaterThan(10);
    expect(loose).toEqual([]);
  });
});
