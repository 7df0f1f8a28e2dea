// Shared by `npm start` and `npm test`: plain Node, no dependencies (it runs before they exist).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
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

/**
 * The Node these scripts need to run at all (import.meta.dirname, require(esm)); they then run
 * everything else on the tested Node (`testedNode`).
 */
export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`✖ Node.js 20.19 or newer is needed to start; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

/**
 * The tested runtime (decisions 016 and 042): Node 24 LTS, this exact release. When the running
 * Node is older, its official binary comes from the npm registry package `node-<os>-<cpu>` (the
 * same registry every other dependency comes from), checked against the integrity below and kept
 * in `.cache/node/<version>/` (git-ignored).
 */
export const testedNodeVersion = '24.21.0';
const testedNodeIntegrity = {
  'linux-x64':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
};
const testedNodeMajor = Number(testedNodeVersion.split('.')[0]);

/** Folder of the fetched Node binary (`bin/node` inside); the same path on every machine. */
export const testedNodeDir = path.join(root, '.cache', 'node', testedNodeVersion);

/**
 * Returns the path of a Node binary of the tested major: this process's own when it is one,
 * otherwise the fetched one (fetching it once with `npm pack`). Exits with one line when no binary
 * exists for this machine or the download does not match the pinned integrity.
 */
export function testedNode() {
  if (Number(process.versions.node.split('.')[0]) >= testedNodeMajor) return process.execPath;
  const binary = path.join(testedNodeDir, 'bin', 'node');
  if (fs.existsSync(binary)) return binary;
  const target = `${process.platform}-${process.arch}`;
  const integrity = testedNodeIntegrity[target];
  if (!integrity) {
    console.error(
      `✖ This is Node ${process.versions.node}; the project runs on Node ${testedNodeMajor} LTS. Install Node ${testedNodeVersion} (no pinned download for ${target}).`,
    );
    process.exit(1);
  }
  const pkg = `node-${target}@${testedNodeVersion}`;
  console.log(
    `› Node ${process.versions.node} is older than the tested Node ${testedNodeMajor}: fetching ${pkg} from the npm registry…`,
  );
  const cache = path.dirname(testedNodeDir);
  fs.mkdirSync(cache, { recursive: true });
  const staging = fs.mkdtempSync(path.join(cache, '.fetch-'));
  try {
    fs.chmodSync(staging, 0o755);
    run('npm', ['pack', pkg, '--pack-destination', staging, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = path.join(staging, `node-${target}-${testedNodeVersion}.tgz`);
    const digest = `sha512-${createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
    if (digest !== integrity) {
      console.error(`✖ ${pkg} does not match its pinned integrity (got ${digest}); not using it.`);
      process.exit(1);
    }
    run('tar', [
      '-xzf',
      tarball,
      '-C',
      staging,
      '--strip-components=1',
      'package/bin/node',
      'package/LICENSE',
    ]);
    fs.rmSync(tarball);
    // A rename is atomic: a second script fetching at the same time finds a whole folder or none.
    fs.renameSync(staging, testedNodeDir);
  } catch (error) {
    if (!fs.existsSync(binary)) throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}

/**
 * Makes the tested Node the `node` of every child process (npm, npx, Vitest, Playwright, the
 * server): its folder goes first on this process's PATH. Returns the binary's path.
 */
export function switchToTestedNode() {
  const binary = testedNode();
  const bin = path.dirname(binary);
  if (process.env.PATH?.split(path.delimiter)[0] !== bin)
    process.env.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ''}`;
  return binary;
}

/** Installs the locked packages when node_modules is missing or older than package-lock.json. */
export function ensurePackages() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  // `npm install` rather than `npm ci`: with npm 11 a lock file written on one platform lacks the
  // other platforms' optional packages, and `npm ci` then refuses it. Locked versions still apply.
  // `--no-save`: the lock file is never rewritten (npm adds `resolved` fields), so a deployed
  // checkout stays clean and `git pull` of the next release does not stop on it (docs/deploy.md
  // 'Upgrading').
  console.log('› Installing packages (npm install)…');
  run('npm', ['install', '--no-save', '--no-audit', '--no-fund']);
}

const webInputs = ['src/web', 'src/shared', 'scripts/build.ts', 'vite.config.ts', 'package-lock.json'];
const serverInputs = [
  'src/server',
  'src/db',
  'src/shared',
  'tsconfig.json',
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
 * Node options `npm start` runs the server with (decisions 027 and 030):
 * - V8's young generation capped at 2 MB per semi-space (default 16 MB: under form load it grew by
 *   ~40 MB that the process kept). With DATABASE_URL, server only: idle 154 → 111 MB, peak under
 *   load 167 → 132 MB.
 * - The old generation's limit set to 1.5× what survived the last full collection. By default V8
 *   lets it grow by up to 4× (and to ~160 MB before the first full collection): the small young
 *   generation promotes each in-flight request's objects, and the heap rose by ~120 MB of garbage
 *   under 30 s of form posts. Peak under form load: PGlite 264–356 → 218–231 MB, PostgreSQL
 *   193–218 → 136–139 MB; the form's rate unchanged within the noise.
 * - WebAssembly compiled by Liftoff only (decision 027), on the command line: Node 24's V8 freezes
 *   its flags at start, so `v8.setFlagsFromString` in src/db/client.ts no longer takes effect there,
 *   and TurboFan's tier-up of PGlite's hot functions took a first start on an empty folder to a
 *   923 MB high-water mark (360 MB with the flag; decision 039).
 */
export const serverNodeArgs = ['--max-semi-space-size=2', '--heap-growing-percent=50', '--liftoff-only'];

/**
 * Environment `npm start` adds unless already set:
 * - glibc's malloc keeps one arena per thread by default (libuv's pool, V8's helpers, the
 *   landing's render worker), each holding freed memory: one arena (decision 072; two measured
 *   20 MB less idle than the default, one a further 3–8 MB idle and 7–13 MB at the peak of form
 *   load on Node 24, the form's rate unchanged within this machine's noise);
 * - and it keeps freed memory at the top of a heap up to 128 KB only, and serves blocks from
 *   128 KB on with their own mappings (returned whole when freed), instead of thresholds that
 *   grow with the largest block freed: 18 MB less idle and 11 MB less after 15 s of form posts
 *   (bench/memory.ts, 205 against 223 MB idle, 2026-11-29; the thresholds glibc tunes itself
 *   went up with PGlite's and the compressor's large buffers and kept them);
 * - Node's compile cache (decision 046): V8 keeps the bundle's compiled code on disk, keyed by
 *   Node's version and the file's contents, so a later start does not parse it again (2.2 → 1.9 s
 *   to ready here).
 */
export const serverEnv = {
  MALLOC_ARENA_MAX: '1',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
  NODE_COMPILE_CACHE: path.join(root, '.cache', 'node-compile-cache'),
};

/**
 * Builds what is missing or older than its sources: the front end (`npm run build:web`) and the
 * compiled server (`npm run build:server`), each on its own.
 */
export function ensureBuild() {
  // Always a production build: a test runner sets NODE_ENV=test, with which Vite would bundle
  // React's development JSX runtime that the production server cannot load ('jsxDEV is not a function').
  const env = { ...process.env, NODE_ENV: 'production' };
  if (stale('dist/web/index.html', webInputs)) {
    console.log('› Building the front end…');
    run('npm', ['run', '-s', 'build:web'], { env });
  }
  if (stale('dist/server/server/main.js', serverInputs)) {
    console.log('› Compiling the server…');
    run('npm', ['run', '-s', 'build:server'], { env });
  }
}

/**
 * What `npm start` and `npm run setup` do before the server can run: check this Node, switch to the
 * tested one when it is older (decision 042), install the locked packages, build what is stale.
 * @returns the path of the Node binary the server runs on.
 */
export function prepareToServe() {
  checkNode();
  const node = switchToTestedNode();
  ensurePackages();
  ensureBuild();
  return node;
}
