/**
 * Debian's Chromium as every browser run of this project starts it (the browser suite, the asset
 * generator, the README screenshots, the Lighthouse bench): the installed binary, never a download
 * (`CHROMIUM_PATH` points elsewhere), and the switches a root, GPU-less, offline machine needs.
 * Without the background-networking switches Chromium keeps dialling Google's hosts, which this
 * machine's closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The browser suite's browser: Debian's `chromium-headless-shell` (the same Chromium release built
 * as the old headless shell, which is what Playwright itself runs headless), or `CHROMIUM_PATH`
 * when set. It renders the same pages with less work than the full browser in headless mode: the
 * whole suite took 414 s against 534 s, on two workers (decision 052).
 */
export const TEST_BROWSER_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
