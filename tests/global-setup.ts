/**
 * Global setup of every suite (Vitest's three configs and Playwright's): builds whatever is older
 * than its sources. The browser suite drives the built app, and the Vitest suites start the built
 * server wherever they need a real process (tests/api/helpers/server-process.ts), as `npm start`
 * runs it. Nothing is built when `npm test` has just built it.
 */
import { ensureBuild } from '../scripts/ensure.mjs';

export default function globalSetup(): void {
  ensureBuild();
}
