/**
 * JavaScript size of the landing and the admin (decision 028), read from the build
 * (dist/web plus the chunk graphs in dist/chunks that scripts/build.ts writes): for each
 * visit below, the files a browser downloads and their size as served, i.e. the `.br` sibling
 * when the build wrote one (brotli quality 11) and the file itself otherwise. Response headers
 * are not counted (Lighthouse's transfer sizes include ~1 KB of them per file).
 *
 * What a visit loads is the page's entry script (from the HTML, checked against the chunk graph)
 * with its static imports, plus the lazy modules the page asks for by itself, without any
 * interaction, listed per visit in {@link VISITS} with their own static imports. A browser
 * check (tests/e2e/bundle-budget.spec.ts) makes sure those lists are what Chromium fetches.
 *
 * `npm run bench:bundles` prints the table (builds first unless `--no-build`);
 * `benchBundles()` returns its rows for `npm run bench`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChunkRecord } from '../scripts/build.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A page visit whose up-front JavaScript is budgeted. */
export interface Visit {
  /** Row label. */
  what: string;
  /** Which client build (dist/chunks/<build>.json). */
  build: 'landing' | 'admin';
  /** The HTML page (under dist/web) whose module script is the entry. */
  html: string;
  /** Lazy modules (paths under src/web) the page imports by itself, without interaction. */
  lazy: string[];
  /** Budget in bytes as served (brotli), from the benchmark targets. */
  budgetBytes: number;
  /** How the budget reads in the table. */
  target: string;
}

const KB = 1024;

/**
 * The budgeted visits. Landing: everything fetched in the first 10 s by a visitor who does not
 * interact (Lighthouse's 'script' transfer), on a phone and on a wide screen. Admin: the JS the
 * login screen and the first signed-in screen (the dashboard) need before they show; the
 * dashboard's chart and the toaster load after the first paint and are not counted.
 */
export const VISITS: Visit[] = [
  {
    what: 'landing JS, first 10 s, phone (390 px)',
    build: 'landing',
    html: 'index.html',
    lazy: [
      'landing/mobile/mobile-landing.tsx',
      'landing/components/embla-controller.tsx',
      'landing/components/ambient-layer.tsx',
    ],
    budgetBytes: 100 * KB,
    target: '≤ 100 KB br',
  },
  {
    what: 'landing JS, first 10 s, desktop (1280 px)',
    build: 'landing',
    html: 'index.html',
    lazy: [
      'landing/components/ambient-layer.tsx',
      'landing/components/section-nav.tsx',
      // The intro's sound (0.5 KB), fetched only when the browser reports a user activation,
      // which a fresh visit lacks but a Playwright navigation has: counted, as an upper bound.
      'landing/lib/splash-sound.ts',
    ],
    budgetBytes: 100 * KB,
    target: '≤ 100 KB br',
  },
  {
    what: 'admin JS before the login screen shows',
    build: 'admin',
    html: 'admin.html',
    lazy: ['admin/routes/login.tsx'],
    budgetBytes: 120 * KB,
    target: '≤ 120 KB br',
  },
  {
    what: 'admin JS before the dashboard shows (signed in)',
    build: 'admin',
    html: 'admin.html',
    lazy: ['admin/routes/dashboard.tsx'],
    budgetBytes: 120 * KB,
    target: '≤ 120 KB br',
  },
];

/** The measured JavaScript of one visit. */
export interface VisitLoad {
  visit: Visit;
  /** Files under dist/web, entry first. */
  files: string[];
  /** Sum of their sizes as served (brotli). */
  bytes: number;
}

/** Size of `dist/web/<file>` as served with `accept-encoding: br`. */
export function servedBytes(file: string, dist = path.join(root, 'dist')): number {
  const full = path.join(dist, 'web', file);
  return readFileSync(existsSync(`${full}.br`) ? `${full}.br` : full).length;
}

/** Reads one build's chunk graph; throws with a hint when the build is missing or predates it. */
export function readChunks(build: Visit['build'], dist = path.join(root, 'dist')): ChunkRecord[] {
  const file = path.join(dist, 'chunks', `${build}.json`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as ChunkRecord[];
}

/** The `src` of the page's `<script type="module">`, relative to dist/web. */
function entryScriptOf(html: string): string {
  const match = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('No module script in the page.');
  return match[1];
}

/** The chunk holding source module `module` (a path under src/web). */
function chunkOf(chunks: ChunkRecord[], module: string): ChunkRecord {
  const chunk = chunks.find((candidate) => candidate.modules.includes(module));
  if (!chunk) throw new Error(`No chunk holds ${module}.`);
  return chunk;
}

/** Adds `chunk` and its static imports to `into`, depth first (each file once). */
function staticClosure(chunks: ChunkRecord[], chunk: ChunkRecord, into: string[]): string[] {
  if (into.includes(chunk.file)) return into;
  into.push(chunk.file);
  for (const file of chunk.imports) {
    const next = chunks.find((candidate) => candidate.file === file);
    if (!next) throw new Error(`${chunk.file} imports ${file}, which the chunk graph lacks.`);
    staticClosure(chunks, next, into);
  }
  return into;
}

/**
 * The files one visit downloads up front and their size. Fails when the HTML's entry script is
 * not the graph's (a stale graph) or a listed lazy module is in no chunk an `import()` loads
 * (a listed module merged into the first chunks is simply counted there).
 */
export function measureVisit(visit: Visit, dist = path.join(root, 'dist')): VisitLoad {
  const chunks = readChunks(visit.build, dist);
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facade === visit.html);
  if (!entry) throw new Error(`${visit.html} is not an entry of the ${visit.build} build.`);
  const script = entryScriptOf(readFileSync(path.join(dist, 'web', visit.html), 'utf8'));
  if (script !== entry.file)
    throw new Error(`dist/web/${visit.html} loads ${script}, the chunk graph says ${entry.file}: rebuild.`);
  const files = staticClosure(chunks, entry, []);
  for (const module of visit.lazy) {
    const chunk = chunkOf(chunks, module);
    // Bundled into the first chunks (no longer split off): already counted, and over budget.
    if (files.includes(chunk.file)) continue;
    if (!chunks.some((other) => other.dynamicImports.includes(chunk.file)))
      throw new Error(`${module} (${chunk.file}) is not loaded by an import().`);
    staticClosure(chunks, chunk, files);
  }
  const bytes = files.reduce((sum, file) => sum + servedBytes(file, dist), 0);
  return { visit, files, bytes };
}

/** The chunk of one lazily loaded source module and its own size (not its imports). */
export function lazyChunk(
  build: Visit['build'],
  module: string,
  dist = path.join(root, 'dist'),
): { file: string; bytes: number } {
  const chunks = readChunks(build, dist);
  const chunk = chunkOf(chunks, module);
  if (!chunks.some((other) => other.dynamicImports.includes(chunk.file)))
    throw new Error(`${module} is not loaded lazily.`);
  return { file: chunk.file, bytes: servedBytes(chunk.file, dist) };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/**
 * Rows of the JS-size part of `npm run bench` (reads the current dist/, does not build): one per
 * budgeted visit, plus the dashboard chart's chunk, loaded after the first paint.
 */
export async function benchBundles(): Promise<
  Array<{ what: string; figure: string; target: string; met?: boolean }>
> {
  const rows: Array<{ what: string; figure: string; target: string; met?: boolean }> = VISITS.map((visit) => {
    const load = measureVisit(visit);
    return {
      what: visit.what,
      figure: `${kb(load.bytes)} br in ${load.files.length} files`,
      target: visit.target,
      met: load.bytes <= visit.budgetBytes,
    };
  });
  const chart = lazyChunk('admin', 'admin/features/analytics/components/visits-chart.tsx');
  rows.push({
    what: 'admin dashboard chart (recharts), after the first paint',
    figure: `${kb(chart.bytes)} br, own chunk`,
    target: 'not in the first screen',
  });
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (!process.argv.includes('--no-build'))
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  console.table(await benchBundles());
  if (process.argv.includes('--files')) {
    for (const visit of VISITS) {
      const load = measureVisit(visit);
      console.log(`\n${visit.what}: ${kb(load.bytes)}`);
      for (const file of load.files) console.log(`  ${kb(servedBytes(file)).padStart(9)}  ${file}`);
    }
  }
}
