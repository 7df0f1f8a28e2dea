/**
 * The browser suite's `test`: Playwright's, with one real server per worker (decision 048). Each
 * worker starts the built app on its own port and data folder (`support/server.ts`), and every
 * test of that worker runs against it (`baseURL`), so workers never see each other's rows.
 * `appServer.dataDir` (also `E2E_DATA_DIR` in the worker's process) holds that server's outbox.
 */
import { test as base } from '@playwright/test';
import { type AppServer, startAppServer } from './server';

export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
export { expect } from '@playwright/test';

export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const server = await startAppServer();
      // A worker is its own process: the outbox readers of this worker's tests find its folder here.
      process.env.E2E_DATA_DIR = server.dataDir;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.baseUrl),
});
