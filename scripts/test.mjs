// `npm test`: every test, on the tested Node (fetched when this one is older). Installs packages
// and Debian packages when missing, builds the app, then runs the API suite (Vitest, real
// database), the security and resilience suites (attacks and load against real server
// processes) and the browser suite (Playwright, real server).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_BROWSER_PATH } from './chromium.mjs';
import { checkNode, ensureBuild, ensurePackages, root, run, switchToTestedNode } from './ensure.mjs';

/**
 * Debian packages the suites drive as real parts: Chromium's headless shell (browser suite,
 * decision 052), nginx (the proxy in the security suite), LibreOffice Calc and Python (the CSV
 * export is read back by a real spreadsheet and Python's csv module). Installed with apt when
 * missing and apt is usable as root; otherwise the message says what to install.
 */
const needed = [
  { binary: TEST_BROWSER_PATH, pkg: 'chromium-headless-shell', env: 'CHROMIUM_PATH' },
  { binary: process.env.NGINX_PATH || '/usr/sbin/nginx', pkg: 'nginx-light', env: 'NGINX_PATH' },
  { binary: 'soffice', pkg: 'libreoffice-calc' },
  { binary: process.env.DOVECOT_PATH || '/usr/sbin/dovecot', pkg: 'dovecot-imapd', env: 'DOVECOT_PATH' },
  { binary: 'python3', pkg: 'python3' },
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
// The resilience suite runs beside the API and security suites (decision 054): its load tests
// spend much of their time waiting (a database outage, a drain, a retry), about 40 % of the
// machine idle when it ran alone. Its output goes to a file and is printed after theirs.
const resilienceLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agency-test-')), 'resilience.log');
const resilienceOut = fs.openSync(resilienceLog, 'w');
const resilience = spawn('npx', ['vitest', 'run', '-c', 'vitest.resilience.config.ts'], {
  cwd: root,
  stdio: ['ignore', resilienceOut, resilienceOut],
});
const resilienceDone = new Promise((resolve) =>
  resilience.once('exit', (code, signal) => resolve(code ?? signal)),
);
// The API and security suites side by side in one pool (vitest.api-and-security.config.ts).
const apiAndSecurity = spawnSync('npx', ['vitest', 'run', '-c', 'vitest.api-and-security.config.ts'], {
  cwd: root,
  stdio: 'inherit',
});
const resilienceStatus = await resilienceDone;
fs.closeSync(resilienceOut);
console.log('\n› The resilience suite (run beside the API and security suites):');
process.stdout.write(fs.readFileSync(resilienceLog));
fs.rmSync(path.dirname(resilienceLog), { recursive: true, force: true });
for (const [suite, status] of [
  ['The API and security suites', apiAndSecurity.status ?? apiAndSecurity.signal],
  ['The resilience suite', resilienceStatus],
]) {
  if (status !== 0) console.error(`\n✖ ${suite} failed (exit ${status})`);
}
if (apiAndSecurity.status !== 0 || resilienceStatus !== 0) process.exit(1);
run('npx', ['playwright', 'test']);
