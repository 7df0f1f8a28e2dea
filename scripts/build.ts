/**
 * Production build of the web front ends (`npm run build`), through Vite's JS API:
 *   1. client, landing: dist/web/index.html + hashed bundles in dist/web/assets + public files.
 *      Built on its own so no chunk is shared with the admin: the landing's chunks hold only
 *      what the landing uses (fewer, better-compressed files);
 *   2. client, admin and the script-less 404 page: dist/web/{admin,404}.html + their bundles
 *      (same assets folder);
 *   3. SSR:    dist/ssr/entry-server.js exporting renderLanding(site), renderLandingHead(site,
 *      publicUrl) and renderNotFound(site);
 *   4. every text asset in dist/web (js, css, svg, html, txt, xml, webmanifest) gets .br and .gz
 *      siblings, which @fastify/static sends (`preCompressed: true`);
 *   5. each client build's chunk graph (every chunk's file, imports, lazy imports and source
 *      modules) goes to dist/chunks/{landing,admin}.json, outside the served folder, for
 *      bench/bundles.ts and the bundle budget test (decision 028). Vite's own manifest would
 *      not do: it does not say which chunk holds a module merged into a named group.
 * The server reads both at start: it renders the pages with the runtime SiteConfig and fills the
 * `<!--app-html-->`, `<!--app-head-->` and `<!--app-state-->` placeholders of the HTML files.
 *
 * The build fails when the landing's chunk graph (initial and lazy) holds admin code, zod or
 * react-hook-form (DESIGN §4 'no admin code in the landing's bundles'; spec §5 'browser-level
 * checks only'), and it prints the landing's first-load JS (entry, its static imports and the
 * layout chunk it loads at once: desktop or mobile) against the 100 KB gzip budget.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type InlineConfig, type Rolldown } from 'vite';
import viteConfig from '../vite.config.ts';

type RolldownOutput = Rolldown.RolldownOutput;
type OutputChunk = Rolldown.OutputChunk;

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const configFile = fromRoot('vite.config.ts');
const PLACEHOLDERS = ['<!--app-html-->', '<!--app-state-->'] as const;
/**
 * Module whose chunk the landing loads at once besides its entry, per viewport: the mobile pager
 * island on a phone; nothing on a wide screen, whose islands are all in the entry
 * (docs/decisions/045-landing-islands-and-one-brand-mark.md).
 */
const LAYOUT_MODULES: Record<'desktop' | 'mobile', RegExp | null> = {
  desktop: null,
  mobile: /\/src\/web\/landing\/mobile\/mobile-landing\.tsx$/,
};
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|txt|xml|json|webmanifest)$/;
const LANDING_JS_BUDGET_BYTES = 100 * 1024;
/** Module ids that must never reach the landing's bundles. */
const FORBIDDEN_IN_LANDING = [
  /\/src\/web\/admin\//,
  /\/node_modules\/zod\//,
  /\/node_modules\/react-hook-form\//,
];

function outputsOf(result: Awaited<ReturnType<typeof build>>): RolldownOutput[] {
  if (Array.isArray(result)) return result;
  if ('output' in result) return [result];
  throw new Error('Unexpected watcher from vite build.');
}

/**
 * Chunking of the landing build: the entry with every island both layouts hydrate at once in
 * one chunk, then the mobile pager (fetched only on a phone) and the testimonial carousel
 * (fetched only between 768 and 1023 px), which share the lazy Embla hook. Other lazy parts
 * (dialog, drawer, toaster, ambient effects, Embla itself) keep their own chunks. Fewer, larger
 * files compress better than many tiny ones (decision 028, decision 044).
 */
const LANDING_CHUNKS: NonNullable<Rolldown.OutputOptions['codeSplitting']> = {
  includeDependenciesRecursively: false,
  groups: [
    { name: 'landing', tags: ['$initial'] },
    {
      // The phone's pager, and the Embla hook it shares with the testimonial carousel.
      name: 'mobile',
      test: /\/src\/web\/landing\/(mobile\/mobile-landing\.tsx|lib\/vibrate\.ts|hooks\/use-lazy-embla\.tsx|islands\/island\.tsx)$|\/lucide-react\/dist\/esm\/icons\/(chevron-(left|right)|menu)\.mjs$/,
    },
  ],
};

/**
 * Aliases of the landing's builds (client and SSR alike, so both render the same class names):
 * tailwind-merge becomes a plain join (src/web/landing/lib/class-join.ts explains the trade).
 */
const LANDING_ALIASES = {
  ...((viteConfig as InlineConfig).resolve?.alias as Record<string, string>),
  'tailwind-merge': fromRoot('src/web/landing/lib/class-join.ts'),
};

/** Client build of the given HTML entries; `emptyOutDir` only for the first one. */
async function buildClient(
  input: Record<string, string>,
  emptyOutDir: boolean,
  landing: boolean,
): Promise<RolldownOutput[]> {
  const base = viteConfig as InlineConfig;
  return outputsOf(
    await build({
      ...base,
      ...(landing ? { resolve: { ...base.resolve, alias: LANDING_ALIASES } } : {}),
      configFile: false,
      mode: 'production',
      build: {
        ...base.build,
        emptyOutDir,
        copyPublicDir: emptyOutDir,
        rolldownOptions: {
          ...base.build?.rolldownOptions,
          input,
          ...(landing ? { output: { codeSplitting: LANDING_CHUNKS } } : {}),
        },
      },
    }),
  );
}

async function buildServer(): Promise<void> {
  await build({
    configFile,
    mode: 'production',
    publicDir: false,
    resolve: { alias: LANDING_ALIASES },
    build: {
      ssr: fromRoot('src/web/entry-server.tsx'),
      outDir: fromRoot('dist/ssr'),
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
    },
  });
}

/**
 * Walks the landing entry's chunk graph: fails on a forbidden module anywhere in it (static or
 * lazy) and returns the gzip size of the JS loaded up front on each layout (entry + static
 * imports + the layout's chunk and its static imports).
 */
function checkLandingBundle(outputs: RolldownOutput[]): { desktop: number; mobile: number } {
  const chunks = new Map<string, OutputChunk>();
  for (const output of outputs) {
    for (const item of output.output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  }
  // The chunk holding the browser entry (with LANDING_CHUNKS it is the 'landing' group chunk).
  const entry = [...chunks.values()].find((c) =>
    c.moduleIds.some((id) => id.endsWith('/src/web/entry-client.tsx')),
  );
  if (!entry) throw new Error('Landing entry chunk (index) not found in the build output.');

  const initial = new Set<string>();
  const all = new Set<string>();
  const walk = (fileName: string, isInitial: boolean) => {
    if (isInitial ? initial.has(fileName) : all.has(fileName)) return;
    if (isInitial) initial.add(fileName);
    all.add(fileName);
    const chunk = chunks.get(fileName);
    if (!chunk) return;
    for (const next of chunk.imports) walk(next, isInitial);
    for (const next of chunk.dynamicImports) walk(next, false);
  };
  walk(entry.fileName, true);

  const offenders: string[] = [];
  for (const fileName of all) {
    for (const id of chunks.get(fileName)?.moduleIds ?? []) {
      if (FORBIDDEN_IN_LANDING.some((pattern) => pattern.test(id))) offenders.push(`${fileName}: ${id}`);
    }
  }
  if (offenders.length > 0) {
    throw new Error(`The landing's bundles must not include these modules:\n  ${offenders.join('\n  ')}`);
  }
  const firstLoad = (layout: RegExp | null) => {
    const files = new Set(initial);
    const add = (fileName: string) => {
      if (files.has(fileName)) return;
      files.add(fileName);
      for (const next of chunks.get(fileName)?.imports ?? []) add(next);
    };
    if (layout) {
      const layoutChunk = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => layout.test(id)));
      if (!layoutChunk) throw new Error(`No chunk holds the layout module ${layout}.`);
      add(layoutChunk.fileName);
    }
    let gzipBytes = 0;
    for (const fileName of files) gzipBytes += gzipSync(chunks.get(fileName)?.code ?? '').length;
    if (process.argv.includes('--analyze')) printComposition(layout, files, chunks);
    return gzipBytes;
  };
  return { desktop: firstLoad(LAYOUT_MODULES.desktop), mobile: firstLoad(LAYOUT_MODULES.mobile) };
}

/** `npm run build -- --analyze`: the first load's files and its heaviest modules (gzip, each alone). */
function printComposition(layout: RegExp | null, files: Set<string>, chunks: Map<string, OutputChunk>): void {
  console.log(`\nFirst load with ${layout ?? 'the entry alone'}:`);
  const modules: [number, string][] = [];
  for (const fileName of files) {
    const chunk = chunks.get(fileName);
    if (!chunk) continue;
    console.log(`  ${(gzipSync(chunk.code).length / 1024).toFixed(1)} KB  ${fileName}`);
    for (const [id, info] of Object.entries(chunk.modules)) {
      if (info.code)
        modules.push([
          gzipSync(info.code).length,
          id.replace(/^.*node_modules\//, '').replace(fromRoot(''), ''),
        ]);
    }
  }
  for (const [bytes, id] of modules
    .sort((a, b) => b[0] - a[0])
    .slice(0, Number(process.env.ANALYZE_TOP ?? 25))) {
    console.log(`    ${(bytes / 1024).toFixed(1)} KB  ${id}`);
  }
}

/** Writes `<file>.br` and `<file>.gz` next to every compressible file under `dir` that shrinks. */
async function precompress(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = await readFile(file);
    if (data.length < 512) continue;
    const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = gzipSync(data, { level: 9 });
    if (br.length < data.length) await writeFile(`${file}.br`, br);
    if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

/** One chunk of a client build as bench/bundles.ts reads it (paths relative to src/web). */
export interface ChunkRecord {
  file: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module the chunk stands for (an HTML page for entries), if any. */
  facade: string | null;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

/** Writes dist/chunks/<name>.json: the chunk graph of one client build (see step 5 above). */
async function writeChunkGraph(name: string, outputs: RolldownOutput[]): Promise<void> {
  const webRoot = fromRoot('src/web/');
  const relative = (id: string) =>
    id.startsWith(webRoot) ? id.slice(webRoot.length) : id.replace(/^.*\/node_modules\//, 'node_modules/');
  const chunks: ChunkRecord[] = [];
  for (const output of outputs) {
    for (const item of output.output) {
      if (item.type !== 'chunk') continue;
      chunks.push({
        file: item.fileName,
        isEntry: item.isEntry,
        isDynamicEntry: item.isDynamicEntry,
        facade: item.facadeModuleId ? relative(item.facadeModuleId) : null,
        imports: item.imports,
        dynamicImports: item.dynamicImports,
        modules: item.moduleIds.map(relative),
      });
    }
  }
  await mkdir(fromRoot('dist/chunks'), { recursive: true });
  await writeFile(fromRoot(`dist/chunks/${name}.json`), `${JSON.stringify(chunks, null, 1)}\n`);
}

/** Fails the build when an HTML template lost a placeholder the server relies on. */
async function checkTemplates(): Promise<void> {
  for (const page of ['index.html', 'admin.html', '404.html']) {
    const html = await readFile(fromRoot(`dist/web/${page}`), 'utf8');
    const expected = page === 'index.html' ? [...PLACEHOLDERS, '<!--app-head-->'] : PLACEHOLDERS;
    const missing = expected.filter((placeholder) => !html.includes(placeholder));
    if (missing.length > 0) throw new Error(`dist/web/${page} lacks ${missing.join(' and ')}`);
  }
}

const landingOutputs = await buildClient({ index: fromRoot('src/web/index.html') }, true, true);
const landingGzip = checkLandingBundle(landingOutputs);
await writeChunkGraph('landing', landingOutputs);
// The 404 page has no script: built with the admin, it only picks up the shared stylesheet.
const adminOutputs = await buildClient(
  { admin: fromRoot('src/web/admin.html'), 404: fromRoot('src/web/404.html') },
  false,
  false,
);
await writeChunkGraph('admin', adminOutputs);
await buildServer();
await checkTemplates();
const compressed = await precompress(fromRoot('dist/web'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const [layout, bytes] of Object.entries(landingGzip)) {
  console.log(
    `Landing first-load JS (${layout}): ${kb(bytes)} gzip (budget ${kb(LANDING_JS_BUDGET_BYTES)})${
      bytes > LANDING_JS_BUDGET_BYTES ? '  ⚠ over budget' : ''
    }`,
  );
}
console.log(`Pre-compressed ${compressed} files (.br, .gz) in dist/web.`);
console.log('Built dist/web (client) and dist/ssr/entry-server.js (server rendering).');
