import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';

/**
 * A real nginx (Debian's package) in front of the app, configured as docs/deploy.md's
 * "Behind a reverse proxy with TLS" block (read from docs/deploy.md, where the README links) minus TLS: loopback only, one worker, its own prefix folder.
 * `npm test` installs the package when missing (scripts/test.mjs).
 */
export interface Nginx {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/**
 * Starts nginx proxying to `upstream` (`http://127.0.0.1:PORT`), or to several app instances
 * taken in turn (nginx's default round robin), on `chosenPort` (default: a free one); resolves
 * once it accepts. Pass `chosenPort` when the app's APP_URL must name the proxy's address.
 */
export async function startNginx(upstream: string | string[], chosenPort?: number): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-nginx-'));
  const port = chosenPort ?? (await getPort({ host: '127.0.0.1' }));
  const upstreams = [upstream].flat();
  const group =
    upstreams.length > 1
      ? `  upstream app {\n${upstreams.map((u) => `    server ${new URL(u).host};`).join('\n')}\n  }\n`
      : '';
  const target = upstreams.length > 1 ? 'http://app' : upstreams[0]!;
  return runNginx(
    prefix,
    port,
    `${group}  server {
    listen 127.0.0.1:${port};
    server_name agency.example;
${readmeServerBlock(target)}
  }`,
  );
}

const DEPLOY_DOC = fileURLToPath(new URL('../../../docs/deploy.md', import.meta.url));

/**
 * docs/deploy.md's nginx example ('Behind a reverse proxy with TLS'), minus what needs a certificate
 * or a public name (listen, server_name, ssl_*), proxying to `target`: the tests run the block
 * as written, so a setting it lacks (such as the import's body size) fails them.
 * @throws when docs/deploy.md holds no nginx block with a `proxy_pass`.
 */
export function readmeServerBlock(target: string): string {
  const readme = fs.readFileSync(DEPLOY_DOC, 'utf8');
  const block = [...readme.matchAll(/```nginx\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((b) => b.includes('proxy_pass'));
  if (!block) throw new Error('docs/deploy.md has no nginx block with proxy_pass');
  const lines = block.split('\n');
  const open = lines.findIndex((l) => /^\s*server\s*\{/.test(l));
  const close = lines.findLastIndex((l) => /^\}/.test(l));
  return lines
    .slice(open + 1, close)
    .filter((l) => !/^\s*(listen|server_name|ssl_)/.test(l))
    .map((l) => l.replace(/proxy_pass\s+\S+;/, `proxy_pass ${target};`))
    .map((l) => `  ${l}`)
    .join('\n');
}

/**
 * Runs nginx from `prefix` (its configuration, temp folders, pid and logs go there; removed on
 * stop): one worker, loopback only, access log off, `servers` (server and upstream blocks) in its
 * http block, listening on `port`. Resolves once the port accepts; @throws with nginx's output if
 * it is missing, exits or has not listened within 10 s.
 */
export async function runNginx(prefix: string, port: number, servers: string): Promise<Nginx> {
  if (spawnSync(NGINX, ['-v']).status !== 0) {
    throw new Error(`nginx not found at ${NGINX}: run \`npm test\` (installs nginx-light) or set NGINX_PATH`);
  }
  // Run as root, nginx's workers are `nobody`: they must reach the temp folders nginx makes (and
  // chowns) inside the prefix, where a request body over 16 KB is buffered.
  fs.chmodSync(prefix, 0o711);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${prefix}/${name};`)
    .join('\n');
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
${temp}
${servers}
}
`,
  );
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${output}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen within 10 s: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
