// Shared by `npm start` and `npm test`: plain Node, no dependencies (it runs before they exist).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Runs a command in the project root with inherited output; exits the process if it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** Node 20.19+ is needed (require(esm), import.meta.dirname, the pinned tool versions). */
export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`✖ Node.js 20.19 or newer is needed; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

/** Installs the locked packages when node_modules is missing or older than package-lock.json. */
export function ensurePackages() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  // `npm install` rather than `npm ci`: with npm 11 a lock file written on one platform lacks the
  // other platforms' optional packages, and `npm ci` then refuses it. Locked versions still apply.
  console.log('› Installing packages (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

const webInputs = ['src/web', 'src/shared', 'scripts/build.ts', 'vite.config.ts', 'package-lock.json'];
const serverInputs = [
  'src/server',
  'src/db',
  'src/shared',
  'tsconfig.json',
  'tsconfig.server.json',
  'scripts/build-server.mjs',
  'package-lock.json',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `stamp` is missing or older than any of `inputs` (paths from the project root). */
function stale(stamp, inputs) {
  const built = fs.existsSync(path.join(root, stamp)) ? fs.statSync(path.join(root, stamp)).mtimeMs : 0;
  return built < Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
}

/** The compiled server `npm start` runs. */
export const serverEntry = path.join(root, 'dist', 'server', 'server', 'main.js');

/**
 * Node options `npm start` runs the server with (issue #15 'Memory', decisions 027 and 030):
 * - V8's young generation capped at 2 MB per semi-space (default 16 MB: under form load it grew by
 *   ~40 MB that the process kept). With DATABASE_URL, server only: idle 154 → 111 MB, peak under
 *   load 167 → 132 MB.
 * - The old generation's limit set to 1.5× what survived the last full collection. By default V8
 *   lets it grow by up to 4× (and to ~160 MB before the first full collection): the small young
 *   generation promotes each in-flight request's objects, and the heap rose by ~120 MB of garbage
 *   under 30 s of form posts. Peak under form load: PGlite 264–356 → 218–231 MB, PostgreSQL
 *   193–218 → 136–139 MB; the form's rate unchanged within the noise.
 */
export const serverNodeArgs = ['--max-semi-space-size=2', '--heap-growing-percent=50'];

/**
 * Environment `npm start` adds unless already set: glibc's malloc keeps one arena per thread by
 * default (libuv's pool, V8's helpers), each holding freed memory; two arenas measured 20 MB less
 * idle.
 */
export const serverEnv = { MALLOC_ARENA_MAX: '2' };

/**
 * Builds what is missing or older than its sources: the front end (`npm run build:web`) and the
 * compiled server (`npm run build:server`), each on its own.
 */
export function ensureBuild() {
  if (stale('dist/web/index.html', webInputs)) {
    console.log('› Building the front end…');
    run('npm', ['run', '-s', 'build:web']);
  }
  if (stale('dist/server/server/main.js', serverInputs)) {
    console.log('› Compiling the server…');
    run('npm', ['run', '-s', 'build:server']);
  }
}
