/**
 * Browser tests (tests/e2e) against the real, built app: tests/e2e/global-setup.ts builds it, and
 * each worker starts its own server on a free port with a fresh data folder (tests/e2e/support/test.ts,
 * decision 048), so the workers run side by side. A file's tests run in order in one worker: some
 * build on the rows an earlier test of the file made.
 * Debian's Chromium is used as installed (`CHROMIUM_PATH`, default `/usr/bin/chromium`); browsers are
 * never downloaded.
 * Run `npm run build` first.
 */
import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: './test-results/playwright',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
