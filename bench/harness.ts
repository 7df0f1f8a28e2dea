/**
 * Shared parts of `npm run bench`: the compiled server started as
 * `npm start` starts it (a child process, fresh data folder, loopback), nginx with one worker
 * serving given bytes, `wrk` runs, and resident memory of a process tree from /proc.
 * Everything listens on 127.0.0.1 and every run is bounded in time.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import { serverEnv, serverNodeArgs } from '../scripts/ensure.mjs';
import { type Nginx, runNginx } from '../tests/security/helpers/nginx.ts';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const serverEntry = path.join(root, 'dist/server/server/main.js');
export const WRK = process.env.WRK_PATH || '/usr/bin/wrk';

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  child: ChildProcess;
  /** Highest resident memory (kB) of the process tree seen while waiting for it to be ready. */
  startPeakKb: number;
  stop(): Promise<void>;
}

/**
 * Starts dist/server as `npm start` does (plain node, the compiled server, its Node options and
 * environment from scripts/ensure.mjs) with a fresh data
 * folder; `env` adds settings (DATABASE_URL, LOG_LEVEL, …). Output goes to /dev/null: the log
 * is part of what is measured, its destination (a terminal, a collector) is not.
 * @throws when /readyz does not answer within 180 s.
 */
export async function startServer(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry)) throw new Error('dist/server missing: run `npm run build` first');
  const port = await getPort({ host: '127.0.0.1' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...serverEnv,
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ENV_FILE: '',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  if (!env.LOG_LEVEL) delete childEnv.LOG_LEVEL;
  const child = spawn(process.execPath, [...serverNodeArgs, ...nodeArgs, serverEntry], {
    cwd: root,
    env: childEnv,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  let startPeakKb = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode} at start`);
    startPeakKb = Math.max(startPeakKb, treeRssKb(child.pid!));
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready within 180 s');
    }
    await sleep(100);
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    child,
    startPeakKb,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([new Promise((r) => child.once('exit', r)), sleep(12_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * nginx (Debian package), one worker, access log off, serving `files` (name → bytes) from its
 * own prefix folder; `gzip_static` sends a `<name>.gz` sibling when the client accepts gzip, as
 * the app sends its pre-compressed page.
 */
export async function startNginx(
  files: Record<string, Buffer | string>,
  index = 'index.html',
): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-nginx-'));
  const www = path.join(prefix, 'www');
  fs.mkdirSync(www);
  // Run as root, nginx's worker drops to an unprivileged user: it must be able to read the files
  // (mkdtemp makes a 0700 folder; without this every answer is a small 403 page).
  fs.chmodSync(prefix, 0o755);
  fs.chmodSync(www, 0o755);
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(www, name), bytes);
  const port = await getPort({ host: '127.0.0.1' });
  return runNginx(
    prefix,
    port,
    `  default_type text/html;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    gzip_static on;
    location / { index ${index}; }
  }`,
  );
}

/**
 * A bare `node:http` server in a process of its own (the server's Node and V8 flags) that answers
 * every request with `body` and `headers`, nothing else: the most any Node server can serve of
 * those bytes here, for comparing the app's figure with the runtime's own (bench/serving.ts).
 */
export async function startBareNode(
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-bench-bare-'));
  fs.writeFileSync(path.join(dir, 'body'), body);
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers));
  const port = await getPort({ host: '127.0.0.1' });
  const script = `
    const http = require('node:http');
    const fs = require('node:fs');
    const body = fs.readFileSync(${JSON.stringify(path.join(dir, 'body'))});
    const headers = JSON.parse(fs.readFileSync(${JSON.stringify(path.join(dir, 'headers.json'))}, 'utf8'));
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, [...serverNodeArgs, '-e', script], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      if (tries > 100) throw new Error('the bare Node server did not start');
      await sleep(50);
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface WrkResult {
  requestsPerSecond: number;
  /** Non-2xx/3xx responses and socket errors counted by wrk. */
  errors: number;
}

/**
 * One `wrk -t1 -cN -dS` run against `url`; `script` is a Lua file (POST bodies), `headers` are
 * added with -H. Resolves with wrk's Requests/sec.
 */
export async function wrk(
  url: string,
  options: { connections?: number; seconds?: number; headers?: string[]; script?: string } = {},
): Promise<WrkResult> {
  const args = [
    '-t1',
    `-c${options.connections ?? 10}`,
    `-d${options.seconds ?? 5}s`,
    '--timeout',
    '10s',
    '--latency',
  ];
  for (const header of options.headers ?? []) args.push('-H', header);
  if (options.script) args.push('-s', options.script);
  args.push(url);
  const output = await new Promise<string>((resolve, reject) => {
    execFile(WRK, args, { timeout: ((options.seconds ?? 5) + 30) * 1000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(stdout),
    );
  });
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!rps) throw new Error(`wrk printed no rate:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
  return { requestsPerSecond: Number(rps[1]), errors };
}

/** Resident memory (kB) of `pid` and all its descendants, from /proc (Linux). */
export function treeRssKb(pid: number): number {
  let total = 0;
  for (const p of [pid, ...descendants(pid)]) total += statusField(p, 'VmRSS');
  return total;
}

/** Descendant PIDs of `pid` (children, grandchildren, …), from /proc/<pid>/task/<pid>/children. */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift()!;
    let children: number[] = [];
    try {
      children = fs
        .readFileSync(`/proc/${current}/task/${current}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      // gone
    }
    out.push(...children);
    queue.push(...children);
  }
  return out;
}

function statusField(pid: number, field: string): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The median of `values`. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A wrk Lua script posting a valid contact form with a distinct address per request, in every run
 * (every submission a new lead, as a flood of distinct people would be).
 */
export function contactPostScript(payloadFile?: string): string {
  const file = path.join(os.tmpdir(), `agency-bench-contact-${process.pid}-${++scriptSerial}.lua`);
  // With a payload file: one solved proof of work per line, each used once (decision 037).
  const altcha = payloadFile
    ? `local payloads = {}
for line in io.lines(${JSON.stringify(payloadFile)}) do payloads[#payloads + 1] = line end
local function altcha(i) return ',"altcha":"' .. payloads[((i - 1) % #payloads) + 1] .. '"' end`
    : `local function altcha(i) return '' end`;
  fs.writeFileSync(
    file,
    `local n = 0
-- LuaJIT's math.random starts from the same seed in every process: every wrk run would post the
-- same addresses again (returning leads, not new ones). A prefix from the kernel is new each run.
local urandom = io.open('/dev/urandom', 'rb')
local prefix = urandom:read(6):gsub('.', function(c) return string.format('%02x', c:byte()) end)
urandom:close()
${altcha}
request = function()
  n = n + 1
  local body = '{"name":"Bench Lead","email":"lead' .. prefix .. '.' .. n .. '@example.com","message":"A benchmark message about a new website.","preferTextAndCall":false' .. altcha(n) .. '}'
  return wrk.format("POST", "/api/contact", {["Content-Type"] = "application/json"}, body)
end
`,
  );
  return file;
}

let scriptSerial = 0;
