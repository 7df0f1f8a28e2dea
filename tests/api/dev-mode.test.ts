import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run dev` (decision 022), run in a temporary copy of the sources so the test can
 * edit files: one port serves the landing (rendered from the current sources), the admin shell
 * and the Vite client; the API answers on the same port; editing a front-end module pushes a
 * Vite HMR message to a connected client and the next landing render shows the edit; editing a
 * server file restarts the API, which then runs the edited code.
 * Not proven here: that a browser applies the HMR update in place (React Fast Refresh is Vite's
 * plugin-react, exercised by people, not by this test).
 */

const repo = fileURLToPath(new URL('../..', import.meta.url));
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-dev-'));
const dataDir = path.join(copy, 'data');
let dev: ChildProcess | undefined;
let output = '';

afterAll(async () => {
  // After a failure: SIGTERM lets dev.ts stop its API server (a SIGKILL would orphan it).
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    dev.kill('SIGTERM');
    const timer = setTimeout(() => dev!.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(copy, { recursive: true, force: true });
});

async function waitFor(test: () => boolean | Promise<boolean>, what: string, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}:\n${output.slice(-3000)}`);
}

/** Count of "Server listening" lines of the API server (one per start). */
const apiStarts = () => output.match(/Server listening at/g)?.length ?? 0;

/**
 * Connects to Vite's HMR socket (Node 20's WebSocket needs its flag, so a small child does it)
 * and resolves with the message types it hears until `stop()`.
 */
function listenToHmr(port: number) {
  const script = `
    const ws = new WebSocket('ws://127.0.0.1:${port}/', 'vite-hmr');
    ws.onmessage = (e) => console.log(JSON.parse(e.data).type);
    ws.onerror = (e) => { console.error('ws error', e.message); process.exit(1); };`;
  const child = spawn(process.execPath, ['--experimental-websocket', '--no-warnings', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let heard = '';
  child.stdout.on('data', (c) => {
    heard += c;
  });
  child.stderr.on('data', (c) => {
    heard += c;
  });
  return { heard: () => heard, stop: () => child.kill() };
}

describe('npm run dev', { timeout: 300_000 }, () => {
  it('serves landing, admin and API on one port; HMR on front-end edits; API restarts on server edits', async () => {
    for (const entry of ['src', 'scripts', 'vite.config.ts', 'tsconfig.json', 'package.json']) {
      fs.cpSync(path.join(repo, entry), path.join(copy, entry), { recursive: true });
    }
    fs.symlinkSync(fs.realpathSync(path.join(repo, 'node_modules')), path.join(copy, 'node_modules'));
    const port = await getPort({ host: '127.0.0.1' });
    dev = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
      cwd: copy,
      env: { ...process.env, ENV_FILE: '', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout!.on('data', (c) => {
      output += c;
    });
    dev.stderr!.on('data', (c) => {
      output += c;
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(() => apiStarts() === 1 && output.includes('dev server:'), 'the dev server and the API');

    // The landing: rendered on the server from the sources, with the Vite client and React refresh.
    const landing = await (await fetch(`${base}/`)).text();
    expect(landing).toContain('/@vite/client');
    expect(landing).toContain('/@react-refresh');
    expect(landing).toContain('window.__SITE__');
    expect(landing).toContain('Build Fast.');
    const admin = await fetch(`${base}/admin/login`);
    expect(admin.status).toBe(200);
    const adminHtml = await admin.text();
    expect(adminHtml).toContain('/@vite/client');
    expect(adminHtml).toContain('src="/admin/main.tsx"');
    expect((await fetch(`${base}/admin/main.tsx`)).status).toBe(200);
    expect((await fetch(`${base}/@vite/client`)).headers.get('content-type')).toContain('javascript');
    const missing = await fetch(`${base}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('404');

    // The API on the same port (proxied to the server under tsx watch).
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: 'admin', password: 'demo-admin' }),
    });
    expect(login.status, output.slice(-3000)).toBe(200);

    // A front-end edit: Vite pushes an update to connected clients; the next render shows it.
    const hmr = listenToHmr(port);
    try {
      await waitFor(() => hmr.heard().includes('connected'), 'the HMR socket', 30_000);
      // A landing component that the browser also loads (the intro is a client island): its
      // texts live in the content document now (decision 067), so a marker attribute is edited.
      const component = path.join(copy, 'src/web/landing/components/intro-splash.tsx');
      fs.writeFileSync(
        component,
        fs
          .readFileSync(component, 'utf8')
          .replace('data-testid="intro-splash"', 'data-testid="intro-splash-edited"'),
      );
      await waitFor(() => /update|full-reload/.test(hmr.heard()), 'an HMR message', 30_000);
      const edited = await (await fetch(`${base}/`)).text();
      expect(edited).toContain('data-testid="intro-splash-edited"');
      // The shipped content document renders as it is on disk, on the next request.
      const content = path.join(copy, 'src/shared/site-content-default.ts');
      fs.writeFileSync(content, fs.readFileSync(content, 'utf8').replace("'Build Fast.'", "'Ship Faster.'"));
      await waitFor(
        async () => (await (await fetch(`${base}/`)).text()).includes('Ship Faster.'),
        'the edited headline',
        30_000,
      );
      expect(await (await fetch(`${base}/`)).text()).not.toContain('Build Fast.');
    } finally {
      hmr.stop();
    }
    expect(apiStarts()).toBe(1); // a front-end edit does not restart the API

    // A server edit: tsx watch restarts the API, which then answers with the edited code.
    const health = path.join(copy, 'src/server/routes/health.ts');
    fs.writeFileSync(
      health,
      // A header, not a body field: the route's response schema would drop an unknown field.
      fs
        .readFileSync(health, 'utf8')
        .replace(
          "async () => ({ status: 'ok' as const })",
          "async (_request, reply) => { reply.header('x-edited', 'yes'); return { status: 'ok' as const }; }",
        ),
    );
    await waitFor(() => apiStarts() === 2, 'the API restart');
    await waitFor(
      async () => (await fetch(`${base}/healthz`)).headers.get('x-edited') === 'yes',
      'the edited route',
      30_000,
    );

    dev.kill('SIGTERM');
    const code = await new Promise((resolve) => dev!.once('exit', resolve));
    expect(code).toBe(0);
    // The API server shut down cleanly: it released the data folder's lock.
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false);
  });
});
