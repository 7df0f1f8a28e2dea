// `npm test`: every test. Installs packages and Debian's Chromium when missing, builds the app,
// then runs the API suite (Vitest, real database), the security and resilience suites (issue #10:
// attacks and load against real server processes) and the browser suite (Playwright, real server).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { checkNode, ensureBuild, ensurePackages, run } from './ensure.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  const canApt = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!canApt) {
    console.error(
      `✖ The browser tests need Chromium at ${CHROMIUM}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium)` +
        ' or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
  console.log('› Installing Chromium (apt-get install -y chromium)…');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

// The CSV export test reads the file with Python's csv module and LibreOffice Calc (issue #11).
function ensureSpreadsheetTools() {
  const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
  if (has('soffice') && has('python3')) return;
  const canApt = process.getuid?.() === 0 && has('apt-get');
  if (!canApt) {
    console.error(
      '✖ The CSV export test needs LibreOffice Calc (soffice) and python3. Install them (Debian/Ubuntu: sudo apt-get install -y libreoffice-calc python3).',
    );
    process.exit(1);
  }
  console.log('› Installing LibreOffice Calc and Python (apt-get install -y libreoffice-calc python3)…');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'libreoffice-calc', 'python3'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

checkNode();
ensurePackages();
ensureChromium();
ensureSpreadsheetTools();
ensureBuild();
run('npx', ['vitest', 'run']);
run('npx', ['vitest', 'run', '-c', 'vitest.security.config.ts']);
run('npx', ['vitest', 'run', '-c', 'vitest.resilience.config.ts']);
run('npx', ['playwright', 'test']);
