// `npm test`: every test, on the tested Node (fetched when this one is older). Installs packages
// and Debian packages when missing, builds the app, then runs the API suite (Vitest, real
// database), the security and resilience suites (attacks and load against real server
// processes) and the browser suite (Playwright, real server).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH, TEST_BROWSER_PATH } from './chromium.mjs';
import { checkNode, ensureBuild, ensurePackages, root, run, switchToTestedNode } from './ensure.mjs';

/**
 * Debian packages the suites drive as real parts: Chromium's headless shell (browser suite,
 * decision 052) and the full Chromium (tests/e2e/admin-push.spec.ts: notifications, decision 071), nginx (the proxy in the security suite), LibreOffice Calc and Python (the CSV
 * export is read back by a real spreadsheet and Python's csv module), and Java for the W3C Nu HTML
 * Checker (tests/api/html-valid.test.ts). Installed with apt when
 * missing and apt is usable as root; otherwise the message says what to install.
 */
const needed = [
  { binary: TEST_BROWSER_PATH, pkg: 'chromium-headless-shell', env: 'CHROMIUM_PATH' },
  // The full browser for the push notification spec: the headless shell shows no notification.
  { binary: CHROMIUM_PATH, pkg: 'chromium', env: 'CHROMIUM_PATH' },
  { binary: process.env.NGINX_PATH || '/usr/sbin/nginx', pkg: 'nginx-light', env: 'NGINX_PATH' },
  { binary: 'soffice', pkg: 'libreoffice-calc' },
  { binary: process.env.DOVECOT_PATH || '/usr/sbin/dovecot', pkg: 'dovecot-imapd', env: 'DOVECOT_PATH' },
  { binary: 'python3', pkg: 'python3' },
  { binary: 'java', pkg: 'default-jre-headless' },
  // The site media tests make a test video and its poster (tests/api/site-media.test.ts).
  { binary: 'ffmpeg', pkg: 'ffmpeg' },
];

const present = ({ binary }) =>
  binary.startsWith('/')
    ? fs.existsSync(binary)
    : spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;

function ensureDebianPackages() {
  const missing = needed.filter((n) => !present(n));
  if (missing.length === 0) return;
  const canApt = process.getuid?.() === 0 && present({ binary: 'apt-get' });
  if (!canApt) {
    for (const n of missing) {
      console.error(
        `✖ The tests need ${n.binary}. Install it (Debian/Ubuntu: sudo apt-get install -y ${n.pkg})${n.env ? ` or set ${n.env}` : ''}.`,
      );
    }
    process.exit(1);
  }
  const pkgs = missing.map((n) => n.pkg);
  console.log(`› Installing ${pkgs.join(', ')} (apt-get install -y)…`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...pkgs], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

checkNode();
const node = switchToTestedNode();
console.log(`› Testing on Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
ensurePackages();
ensureDebianPackages();
ensureBuild();
const REAL_CLOCK = 'The real-clock intro check';
const API_AND_SECURITY = 'The API and security suites';
// The browser suite's real-clock intro check measures when a fresh page hydrates, so it runs
// first and alone (decision 053). Then the API and security suites run in one Vitest pool, output
// shown as it comes, with the other suites beside them (decision 055), each writing to a file that
// is printed after: the resilience suite in a second Vitest process, and, once that has ended, the
// rest of the browser suite. The resilience suite's load tests measure the machine, and their
// bounds (a flood's pace, ready again within 5 s) hold beside the API suite; beside the browser
// suite as well, a flood once fell short of its 500 leads in 12 s. The real-clock check's output
// is kept as well as shown, to be shown again at the end if it fails.
const realClock = spawnSync('npx', ['playwright', 'test', '--project', 'real-clock'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
process.stdout.write(realClock.stdout ?? '');
process.stderr.write(realClock.stderr ?? '');
const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-test-'));

/**
 * Lists the failed tests of a Vitest JSON report (Jest's format: testResults[].assertionResults[]),
 * each with the first lines of its error, and files that failed outside any test (an import or a
 * hook). Says so when the report is missing, as when Vitest itself crashed.
 */
function printFailures(report) {
  if (!fs.existsSync(report)) {
    console.error(`\n✖ ${API_AND_SECURITY} wrote no results: Vitest stopped early.`);
    return;
  }
  const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
  const failedFiles = testResults.filter((file) => file.status === 'failed');
  if (failedFiles.length === 0) {
    console.error(`\n✖ ${API_AND_SECURITY}: no test failed; Vitest's 'Unhandled Errors' above say what did.`);
    return;
  }
  console.error(`\n✖ ${API_AND_SECURITY}, the tests that failed:`);
  for (const file of failedFiles) {
    const where = path.relative(root, file.name);
    const failures = file.assertionResults.filter((t) => t.status === 'failed');
    if (failures.length === 0) console.error(`  ${where}\n${indent(file.message)}`);
    for (const t of failures) console.error(`  ${where} › ${t.fullName}\n${indent(t.failureMessages[0])}`);
  }
}

/** An error message's first 12 lines, stack frames in the project's own files only, indented. */
const indent = (message = '') =>
  message
    .split('\n')
    .filter((line) => !/^\s*at /.test(line) || (line.includes(root) && !line.includes('/node_modules/')))
    .slice(0, 12)
    .map((line) => `      ${line}`)
    .join('\n');

/**
 * Starts `npx <args>`, its output going to `<name>.log` in the logs folder (or to this process's
 * when `name` is null). @returns the log's path and a promise of the exit code (or signal).
 */
function suite(name, args) {
  const log = name && path.join(logs, `${name}.log`);
  const out = log ? fs.openSync(log, 'w') : 'inherit';
  const child = spawn('npx', args, { cwd: root, stdio: ['ignore', out, out] });
  // A child that cannot start (no npx on PATH) emits 'error' and no 'exit': it counts as that
  // suite failing, named with the others, instead of an unhandled 'error' stopping npm test.
  // Node may emit 'exit' after 'error' too: the first one settles, and the log is closed once.
  const status = new Promise((resolve) => {
    let settled = false;
    const done = (result) => {
      if (settled) return;
      settled = true;
      if (log) fs.closeSync(out);
      resolve(result);
    };
    child.once('exit', (code, signal) => done(code ?? signal));
    child.once('error', (error) => done(error.code ?? error.message));
  });
  return { log, status };
}

console.log('› The resilience suite, then the browser suite, run beside these; their output follows.');
const resilience = suite('resilience', ['vitest', 'run', '-c', 'vitest.resilience.config.ts']);
// The API and security suites' output scrolls by before the other suites' logs are printed, so
// their results also go to a JSON file, and the failures in it are listed again at the very end.
const apiResults = path.join(logs, 'api-and-security.json');
const apiAndSecurity = suite(null, [
  'vitest',
  'run',
  '-c',
  'vitest.api-and-security.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${apiResults}`,
]);
const browser = await resilience.status.then(() => {
  console.log('› The resilience suite has ended; the browser suite starts.');
  return suite('browser', [
    'playwright',
    'test',
    '--project',
    'own-servers',
    '--project',
    'suite',
    '--no-deps',
  ]);
});
const statuses = [
  [REAL_CLOCK, realClock.status ?? realClock.signal],
  [API_AND_SECURITY, await apiAndSecurity.status],
];
for (const [name, { log, status }] of [
  ['The resilience suite', resilience],
  ['The browser suite', browser],
]) {
  const code = await status;
  console.log(`\n› ${name} (run beside the API and security suites):`);
  process.stdout.write(fs.readFileSync(log));
  statuses.push([name, code]);
}
const failed = statuses.filter(([, status]) => status !== 0);
if (failed.some(([name]) => name === REAL_CLOCK)) {
  console.error(`\n✖ ${REAL_CLOCK}, again:`);
  process.stderr.write(`${realClock.stdout ?? ''}${realClock.stderr ?? ''}`);
}
if (failed.some(([name]) => name === API_AND_SECURITY)) printFailures(apiResults);
fs.rmSync(logs, { recursive: true, force: true });
for (const [name, status] of failed) console.error(`\n✖ ${name} failed (exit ${status})`);
if (failed.length > 0) process.exit(1);
