/**
 * Browser tests (tests/e2e) against the real, built app: tests/global-setup.ts builds it, and
 * each worker starts its own server on a free port with a fresh data folder (tests/e2e/support/test.ts,
 * decision 048), so the workers run side by side, test by test (`fullyParallel`).
 * Debian's Chromium is used as installed: its headless shell (`CHROMIUM_PATH`, default
 * `/usr/bin/chromium-headless-shell`, package chromium-headless-shell); browsers are never downloaded.
 * Run `npm run build` first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from './scripts/chromium.mjs';

/**
 * Spec files whose worker fixture starts a server of its own (see `projects`): those declaring a
 * worker-scoped fixture, or taking the mailbox one (support/mailbox.ts).
 */
const ownServerFiles = fs
  .readdirSync(path.join(import.meta.dirname, 'tests/e2e'))
  .filter((file) => file.endsWith('.spec.ts'))
  .filter((file) =>
    /scope: 'worker'|from '\.\/support\/mailbox'/.test(
      fs.readFileSync(path.join(import.meta.dirname, 'tests/e2e', file), 'utf8'),
    ),
  )
  .map((file) => `**/${file}`);

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/global-setup.ts',
  outputDir: './test-results/playwright',
  // Any test may run on any worker: each test makes the rows it reads (named per test with
  // `unique()`), so the workers stay busy to the end. A file that starts a server of its own
  // for a group keeps that group in one worker (`test.describe.configure({ mode: 'default' })`).
  fullyParallel: true,
  // One per core (decision 053). A third worker filled the gaps while tests wait on timers
  // (decision 052, on a fast machine), but on a slower one it left each test two thirds of a core
  // and about twenty tests within reach of the 30 s timeout.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // CI keeps only what its log prints: an HTML report or a trace there is never opened, and
  // recording traces cost about a sixth of the suite's time (measured on three files: 150 s with
  // traces, 123 s without). Locally, a failing test keeps its trace (`npx playwright show-trace`).
  reporter: 'list',
  // The real-clock intro check (tagged @real-clock) measures when a fresh page hydrates, so it
  // runs first and alone: with the other workers' pages beside it, a two-core machine that is
  // slow that day hydrated none of ten loads before 4.5 s. Everything else waits for it
  // (about 15 s), then runs side by side. `--no-deps` skips it when running one file.
  //
  // The files whose worker fixture starts a server of its own (a crashed campaign, an upgraded
  // database, a fake Google, a real mailbox) are their own project, listed before `suite`:
  // Playwright queues a worker's next test by its worker fixtures first, so within one project
  // they waited behind every shared-server test and ran last, mostly waiting on timers (a mailbox
  // poll, a popup). `npm test` runs the browser suite beside the API suite (decision 055), whose
  // tests fill those waits when the files run first; alone, the order made no difference.
  projects: [
    { name: 'real-clock', grep: /@real-clock/ },
    {
      name: 'own-servers',
      testMatch: ownServerFiles,
      grepInvert: /@real-clock/,
      dependencies: ['real-clock'],
    },
    {
      name: 'suite',
      testIgnore: ownServerFiles,
      grepInvert: /@real-clock/,
      dependencies: ['real-clock'],
    },
  ],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS },
    // The admin registers a service worker (decision 071); only the tests about it let it run
    // (`serviceWorkers: 'allow'`), so every other test sees the network as before.
    serviceWorkers: 'block',
  },
});
