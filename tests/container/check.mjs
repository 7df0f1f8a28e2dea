// The checks of `npm run test:container` (scripts/test-container.mjs makes the base images first;
// decision 041): the image from the Dockerfile answers /readyz, takes a lead through the form API
// with a solved proof of work, runs as a non-root user with its health check kept, and keeps the
// lead across a restart (SIGTERM); then the compose pair (app + PostgreSQL from compose.yaml with
// a `.env`): both health-checked, named volumes, a lead that survives `down` and `up`. Everything
// made here is removed at the end, except the image of the Dockerfile's `deps` stage (the packages
// of this lock file), which the next run's build starts from.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import getPort from 'get-port';

const root = path.resolve(import.meta.dirname, '../..');
const IMAGE = 'localhost/agency-site:test';
const DEPS = 'localhost/agency-site-deps';
const admin = { username: 'owner', password: 'container test password 1' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function check(condition, what) {
  if (!condition) throw new Error(`✖ ${what}`);
  console.log(`✓ ${what}`);
}

async function waitReady(url, seconds = 180) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return res.json();
    } catch {}
    if (Date.now() > deadline) throw new Error(`✖ ${url}/readyz did not answer 200 within ${seconds} s`);
    await sleep(250);
  }
}

/**
 * Posts the contact form as the landing's ALTCHA widget does (decision 037): a challenge from the
 * server, solved, sent as `altcha`; the app keeps its proof of work on, as deployed.
 */
async function postLead(url, email) {
  const challenge = await (await fetch(`${url}/api/contact/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('✖ the proof-of-work challenge could not be solved');
  const res = await fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: 'Container Lead',
      email,
      message: 'We would like a quote for a new website.',
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    }),
  });
  return res.status;
}

/** Signs in as the admin the settings name and returns the contact list (leads, spam left out). */
async function contactList(url) {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`✖ sign-in answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await fetch(`${url}/api/admin/contacts`, { headers: { cookie } })).text();
}

/** Every image's id; `untagged` only: those without a name (build layers), never someone's image. */
const allImages = (podmanOut, { untagged = false } = {}) =>
  podmanOut(['images', '-a', '--noheading', '--no-trunc', '--format', '{{.ID}} {{.Repository}}'])
    .stdout.split('\n')
    .map((line) => line.trim().split(' '))
    .filter(([id, repository]) => id && (!untagged || repository === '<none>'))
    .map(([id]) => id.replace(/^sha256:/, ''));

/** `image` and every image under it (podman keeps a locally built image's parent). */
function withParents(podmanOut, image) {
  const ids = [];
  let id = podmanOut(['image', 'inspect', '--format', '{{.ID}}', image]).stdout.trim();
  while (id) {
    ids.push(id);
    id = podmanOut(['image', 'inspect', '--format', '{{.Parent}}', id]).stdout.trim();
  }
  return ids;
}

export async function runChecks({ podman, podmanOut, exec, postgresImage, started }) {
  const seconds = (since = started) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
  const imagesBefore = new Set(allImages(podmanOut));
  const name = `agency-test-${process.pid}`;
  const volume = `${name}-data`;
  const project = `agencytest${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-compose-'));
  try {
    await buildImage({ podmanOut, exec, seconds });
    await checkImage({ podman, podmanOut, name, volume, seconds });
    const waited = Date.now();
    const postgres = await postgresImage;
    if (Date.now() - waited > 1000) console.log(`  (waited ${seconds(waited)} for the PostgreSQL image)`);
    await checkCompose({ podmanOut, dir, project, postgres });
  } finally {
    spawnSync('podman', ['rm', '-f', '-t', '0', name], { stdio: 'ignore' });
    spawnSync('podman', ['volume', 'rm', '-f', volume], { stdio: 'ignore' });
    cleanCompose({ podmanOut, dir, project });
    fs.rmSync(dir, { recursive: true, force: true });
    cleanImages({ podmanOut, imagesBefore });
  }
  console.log(`test:container passed in ${seconds()}`);
}

/**
 * The image, built in two steps so the `deps` stage (`npm ci` of this lock file) is an image of its
 * own, tagged with the lock file's hash and kept between runs; the full build then starts from it.
 * The host's npm cache is lent to the build as an overlay (writes are thrown away): `npm ci` in the
 * image takes from it what the host already downloaded, checked against the lock file's integrity
 * as any cached package is.
 */
async function buildImage({ podmanOut, exec, seconds }) {
  const lock = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json', '.npmrc'])
    lock.update(fs.readFileSync(path.join(root, file)));
  const depsTag = `${DEPS}:${lock.digest('hex').slice(0, 16)}`;
  const cache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
  const lend = cache && fs.existsSync(cache) ? ['--volume', `${cache}:/root/.npm:O`] : [];
  const build = ['build', '--format', 'docker', '--layers', '-f', path.join(root, 'Dockerfile')];
  const began = Date.now();
  if (podmanOut(['image', 'exists', depsTag]).status === 0) console.log(`› packages: ${depsTag} (kept)`);
  else {
    console.log(`› Building the Dockerfile's deps stage (npm ci) as ${depsTag}…`);
    await exec('podman', [...build, ...lend, '--target', 'deps', '-t', depsTag, root]);
  }
  // Older lock files' package images are this script's too: only the current one is worth keeping.
  for (const tag of podmanOut(['images', '--format', '{{.Repository}}:{{.Tag}}', DEPS]).stdout.split('\n'))
    if (tag.trim() && tag.trim() !== depsTag) spawnSync('podman', ['rmi', tag.trim()], { stdio: 'ignore' });
  await exec('podman', [...build, ...lend, '-t', IMAGE, root]);
  console.log(`✓ image built in ${seconds(began)} (${seconds()} since the start)`);
  const size = podmanOut(['image', 'inspect', IMAGE, '--format', '{{.Size}}']).stdout.trim();
  console.log(`  image size ${(Number(size) / 1e6).toFixed(0)} MB`);
}

async function checkImage({ podman, podmanOut, name, volume, seconds }) {
  const port = await getPort({ host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  podman(['volume', 'create', volume], { stdio: 'ignore' });
  podman(
    [
      'run',
      '-d',
      '--name',
      name,
      '-p',
      `127.0.0.1:${port}:3000`,
      '-v',
      `${volume}:/data`,
      '-e',
      `ADMIN_USERNAME=${admin.username}`,
      '-e',
      `ADMIN_PASSWORD=${admin.password}`,
      '-e',
      `APP_URL=${url}`,
      '-e',
      'VAULT_PASSWORD=container vault password',
      IMAGE,
    ],
    { stdio: 'ignore' },
  );
  const up = Date.now();
  const ready = await waitReady(url);
  check(
    ready.database === 'pglite',
    `the image answers /readyz on the embedded database (${seconds(up)} after run)`,
  );
  check(
    podmanOut(['exec', name, 'id', '-u']).stdout.trim() === '1000',
    'the server runs as the non-root user node (uid 1000)',
  );
  check(
    podmanOut(['healthcheck', 'run', name]).status === 0,
    'the image keeps its HEALTHCHECK and it passes',
  );
  check(
    (await postLead(url, 'container.lead@example.com')) === 201,
    'a lead through POST /api/contact with a solved proof of work is stored (201)',
  );
  podman(['restart', '--time', '15', name], { stdio: 'ignore' });
  const logs = podmanOut(['logs', name]);
  check(
    /shutting down/.test(logs.stdout + logs.stderr),
    'SIGTERM reached the server: it shut down gracefully on restart',
  );
  await waitReady(url);
  const listed = await contactList(url);
  if (!listed.includes('container.lead@example.com'))
    console.error(`contacts after the restart: ${listed.slice(0, 500)}`);
  check(listed.includes('container.lead@example.com'), 'after the restart the lead is in the contact list');
  // Done with it: the compose pair should not share the machine with it.
  spawnSync('podman', ['rm', '-f', '-t', '15', name], { stdio: 'ignore' });
}

/** The compose pair from a copy of compose.yaml with its own `.env`, on the image built above. */
async function checkCompose({ podmanOut, dir, project, postgres }) {
  const port = await getPort({ host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  fs.copyFileSync(path.join(root, 'compose.yaml'), path.join(dir, 'compose.yaml'));
  fs.writeFileSync(
    path.join(dir, '.env'),
    [
      `PORT=${port}`,
      `APP_URL=${url}`,
      `ADMIN_USERNAME=${admin.username}`,
      `ADMIN_PASSWORD=${admin.password}`,
      'APP_SECRET=container-test-secret-0123456789abcdef',
      'POSTGRES_PASSWORD=container-test-db-password',
      `APP_IMAGE=${IMAGE}`,
      `POSTGRES_IMAGE=${postgres}`,
      '',
    ].join('\n'),
  );
  const compose = (args) => {
    const result = spawnSync('podman-compose', ['-p', project, ...args], { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`✖ podman-compose ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  };
  const containers = () =>
    podmanOut([
      'ps',
      '-a',
      '--filter',
      `label=io.podman.compose.project=${project}`,
      '--format',
      '{{.Names}}',
    ])
      .stdout.split('\n')
      .filter(Boolean);
  const up = Date.now();
  compose(['up', '-d']);
  const ready = await waitReady(url);
  check(
    ready.database === 'postgres',
    `compose: the app answers /readyz on PostgreSQL (${((Date.now() - up) / 1000).toFixed(0)} s after up)`,
  );
  const names = containers();
  check(names.length === 2, `compose: two containers (${names.join(', ')})`);
  for (const container of names) {
    const health = podmanOut(['healthcheck', 'run', container]);
    if (health.status !== 0) console.error(`  ${container}: ${health.stdout}${health.stderr}`);
    check(health.status === 0, `compose: ${container}'s health check passes`);
  }
  const volumes = podmanOut(['volume', 'ls', '--format', '{{.Name}}']).stdout.split('\n');
  check(
    volumes.includes(`${project}_app-data`) && volumes.includes(`${project}_db-data`),
    'compose: the named volumes app-data and db-data',
  );
  check((await postLead(url, 'compose.lead@example.com')) === 201, 'compose: a lead through the form API');
  // docs/deploy.md 'Upgrading': the backup from the db container (podman exec: podman-compose 1.0.3 writes
  // its own lines to stdout, which `podman-compose exec … > file` would mix into the dump).
  const db = names.find((n) => n.includes('_db_'));
  const dump = spawnSync('podman', ['exec', '-i', db, 'pg_dump', '-U', 'agency', '-Fc', 'agency'], {
    maxBuffer: 256 * 2 ** 20,
  });
  check(
    dump.status === 0 && dump.stdout.subarray(0, 5).toString() === 'PGDMP',
    `compose: pg_dump in the db container writes a custom-format backup (${dump.stdout.length} bytes)`,
  );
  compose(['down']);
  check(containers().length === 0, 'compose: down removed both containers');
  compose(['up', '-d']);
  await waitReady(url);
  check(
    (await contactList(url)).includes('compose.lead@example.com'),
    'compose: after down and up the lead is there (PostgreSQL kept it in its volume; the admin from .env signs in)',
  );
}

function cleanCompose({ podmanOut, dir, project }) {
  if (fs.existsSync(path.join(dir, 'compose.yaml')))
    spawnSync('podman-compose', ['-p', project, 'down', '-v'], { cwd: dir, stdio: 'ignore' });
  // Whatever `down` left (a failed start, an older podman-compose): by the project's label and names.
  const left = podmanOut(['ps', '-a', '-q', '--filter', `label=io.podman.compose.project=${project}`])
    .stdout.split('\n')
    .filter(Boolean);
  if (left.length) spawnSync('podman', ['rm', '-f', '-t', '0', ...left], { stdio: 'ignore' });
  for (const volume of podmanOut(['volume', 'ls', '--format', '{{.Name}}']).stdout.split('\n'))
    if (volume.startsWith(`${project}_`))
      spawnSync('podman', ['volume', 'rm', '-f', volume], { stdio: 'ignore' });
  for (const network of podmanOut(['network', 'ls', '--format', '{{.Name}}']).stdout.split('\n'))
    if (network.startsWith(`${project}_`))
      spawnSync('podman', ['network', 'rm', '-f', network], { stdio: 'ignore' });
}

/**
 * Removes the test image and every intermediate image this run's builds made, except the kept
 * `deps` image and the layers under it: podman's storage ends as it began, plus that one cache.
 * An image with a name that appeared meanwhile is someone else's (a build of `compose.yaml`'s
 * `agency-site:latest`, say) and stays.
 */
function cleanImages({ podmanOut, imagesBefore }) {
  spawnSync('podman', ['rmi', '-f', IMAGE], { stdio: 'ignore' });
  const keep = new Set(imagesBefore);
  for (const tag of podmanOut(['images', '--format', '{{.Repository}}:{{.Tag}}', DEPS]).stdout.split('\n'))
    if (tag.trim()) for (const id of withParents(podmanOut, tag.trim())) keep.add(id);
  // An image whose child is still there cannot go yet: rounds until nothing more can be removed.
  let made = allImages(podmanOut, { untagged: true }).filter((id) => !keep.has(id));
  for (let removed = true; made.length && removed; ) {
    removed = false;
    for (const id of made)
      if (spawnSync('podman', ['rmi', id], { stdio: 'ignore' }).status === 0) removed = true;
    made = allImages(podmanOut, { untagged: true }).filter((id) => !keep.has(id));
  }
  if (made.length)
    console.error(`  (could not remove ${made.length} images this run made: ${made.join(' ')})`);
}
