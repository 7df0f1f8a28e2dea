// `npm test`: every test, on the tested Node (fetched when this one is older). Installs packages
// and Debian packages when missing, builds the app, then runs the API suite (Vitest, real
// database), the security and resilience suites (attacks and load against real server
// processes) and the browser suite (Playwright, real server).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { TEST_BROWSER_PATH } from './chromium.mjs';
import { checkNode, ensureBuild, ensurePackages, run, switchToTestedNode } from './ensure.mjs';

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
// The API and security suites side by side in one pool (vitest.api-and-security.config.ts).
run('npx', ['vitest', 'run', '-c', 'vitest.api-and-security.config.ts']);
run('npx', ['vitest', 'run', '-c', 'vitest.resilience.config.ts']);
run('npx', ['playwright', 'test']);
