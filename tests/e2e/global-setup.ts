/**
 * Builds whatever is older than its sources before the browser suite runs: the suite drives the
 * built app. Each worker then starts its own server (support/test.ts, decision 048); tests that
 * change server-wide state (the Gmail connection) start one more of their own.
 */
import { ensureBuild } from '../../scripts/ensure.mjs';

export default async function globalSetup(): Promise<void> {
  ensureBuild();
}
