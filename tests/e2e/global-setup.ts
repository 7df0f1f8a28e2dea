/**
 * Starts the real server once for the browser tests (support/server.ts: free port, fresh data
 * folder, demo mode, mail to the outbox), publishes its base URL as E2E_BASE_URL and its data
 * folder as E2E_DATA_DIR (tests read the outbox there), and returns the teardown. Tests that
 * change server-wide state (the Gmail connection) start a server of their own.
 */
import { ensureBuild } from '../../scripts/ensure.mjs';
import { startAppServer } from './support/server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The suite drives the built app: build whatever is older than its sources first.
  ensureBuild();
  const server = await startAppServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return server.stop;
}
