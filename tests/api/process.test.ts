import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, runServerToExit, signInTo, startServer } from './helpers/server-process.ts';

/**
 * The real process, as an operator runs it: start-up on an empty data folder, the lock that keeps
 * a second process out, graceful shutdown, and data surviving restarts and SIGKILL.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-proc-'));
// Leads are posted without the form's proof of work: off, so they are leads rather than spam.
const env = { DATA_DIR: dataDir, CONTACT_POW: 'off' };

afterAll(() => {
  killAllServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function contactNames(url: string) {
  const cookie = await signInTo(url);
  const res = await fetch(`${url}/api/admin/contacts`, { headers: { cookie } });
  return ((await res.json()) as { name: string }[]).map((c) => c.name);
}

// The embedded database's process life (lock file, restart); on the PostgreSQL pass it adds nothing.
describe.runIf(!process.env.TEST_DATABASE_URL)('the server process', { timeout: 180_000 }, () => {
  it('refuses bad configuration listing every bad key, before touching the data folder', async () => {
    const { code, output } = await runServerToExit({ ...env, PORT: 'x', SITE_EMAIL: 'nope' });
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    expect(output).toContain('SITE_EMAIL');
  });

  it('reads settings from a .env file, and the real environment wins over it', async () => {
    const file = path.join(dataDir, 'settings.env');
    fs.writeFileSync(
      file,
      '# kept out of git\nADMIN_USERNAME=owner\nADMIN_PASSWORD="from the file, long enough"\nSITE_EMAIL=nope\n',
    );
    // The file's SITE_EMAIL is bad, so the process stops and lists what it read: proof it read it.
    const bad = await runServerToExit({ ...env, ENV_FILE: file });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('SITE_EMAIL');
    const server = await startServer({
      ...env,
      ENV_FILE: file,
      SITE_EMAIL: 'hello@example.com',
      ADMIN_PASSWORD: 'from the environment, long enough',
    });
    try {
      expect(server.output()).not.toContain('DEMO MODE');
      const login = (password: string) =>
        fetch(`${server.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'owner', password }),
        });
      expect((await login('from the file, long enough')).status).toBe(401);
      expect((await login('from the environment, long enough')).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('.env.example with its three deployment lines uncommented starts a real (not demo) server on a public address', async () => {
    // Copy .env.example to .env, set three values, npm start.
    const example = fs.readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    let uncommented = 0;
    const text = example.replace(
      /^# (ADMIN_USERNAME=owner|ADMIN_PASSWORD=.+|APP_URL=https:.+)$/gm,
      (_line, kv) => {
        uncommented += 1;
        return kv;
      },
    );
    expect(uncommented).toBe(3);
    const file = path.join(dataDir, 'copied.env');
    fs.writeFileSync(file, text);
    const password = /^ADMIN_PASSWORD=(.+)$/m.exec(text)![1]!.trim();
    const server = await startServer({ ...env, ENV_FILE: file, HOST: '0.0.0.0' });
    try {
      expect(server.output()).not.toContain('DEMO MODE');
      const login = (username: string, pass: string) =>
        fetch(`${server.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: pass }),
        });
      expect((await login('admin', 'demo-admin')).status).toBe(401);
      expect((await login('owner', password)).status).toBe(200);
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toContain('https://www.example.com/');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('starts, keeps a second process out, stops cleanly, keeps data across restarts and SIGKILL', async () => {
    const first = await startServer(env);
    expect(first.output()).toContain('DEMO MODE');
    expect(first.output()).toContain('demo-admin');
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${first.url}/readyz`)).json()).toMatchObject({ database: 'pglite' });

    const lead = { name: 'Persist Me', email: 'persist@example.com', message: 'Still here after a restart?' };
    const posted = await fetch(`${first.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(lead),
    });
    expect(posted.status).toBe(201);

    const second = await runServerToExit(env);
    expect(second.code).toBe(1);
    expect(second.output).toContain('already in use by another process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = await startServer(env);
    expect(await contactNames(again.url)).toEqual(['Persist Me']);
    again.child.kill('SIGKILL');
    await again.exited;

    // The lock file of the killed process is stale: the next start takes it over.
    const afterKill = await startServer(env);
    expect(await contactNames(afterKill.url)).toEqual(['Persist Me']);
    afterKill.child.kill('SIGINT');
    expect(await afterKill.exited).toBe(0);
  });
});
