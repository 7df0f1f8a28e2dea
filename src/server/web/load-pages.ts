import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SiteConfig } from '../../shared/site.ts';
import type { SiteContent } from '../../shared/site-content.ts';

/**
 * The three HTML documents the server sends, rendered once at start-up and held in memory with
 * their gzip and brotli variants (docs/product.md §3.7: `GET /` must not touch the disk or the database).
 *
 * Build output contract (scripts/build.ts): `dist/web/{index,admin,404}.html` carry the
 * placeholders `<!--app-html-->` and `<!--app-state-->`, and index.html also `<!--app-head-->`;
 * `dist/ssr/entry-server.js` exports `renderLanding(site, content)`,
 * `renderLandingHead(site, publicUrl, content)` and `renderNotFound(site)` returning markup strings.
 *
 * The landing is rendered again when a new content version is published (decision 067):
 * {@link Pages.renderLanding} makes the new page, published-site.ts swaps it in.
 */

export interface Page {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export interface Pages {
  /** The live landing; replaced as a whole when a new content version is published. */
  landing: Page;
  /** The content version `landing` shows (0: the build's own default, before the database was read). */
  contentVersion: number;
  /** Renders the landing for `content` (in a worker thread, as at start-up). */
  renderLanding(content: SiteContent): Promise<Page>;
  admin: Page;
  notFound: Page;
  /** CSP `script-src` hashes of the inline state scripts, e.g. `sha256-…`. */
  scriptHashes: string[];
  /** Folder of the static files (assets, robots.txt, favicon). */
  staticRoot: string;
}

/** Options of {@link loadPages}. */
export interface LoadPagesOptions {
  /**
   * Public base URL of the site (`APP_URL`), used for the canonical link, `og:url` and absolute
   * Open Graph image URL in the landing's `<head>` and for /sitemap.xml. Without it those are
   * left out or relative (a relative canonical would be invalid).
   */
  publicUrl?: string;
  /** The published content document and its version; without it the build's default content. */
  content?: { document: SiteContent; version: number };
}

/**
 * Reads the built pages from `distDir` and renders them for `site`.
 * @returns null when the front end has not been built (no `dist/web/index.html`).
 */
export async function loadPages(
  distDir: string,
  site: SiteConfig,
  options: LoadPagesOptions = {},
): Promise<Pages | null> {
  const publicUrl = options.publicUrl?.replace(/\/+$/, '') || undefined;
  const webDir = path.join(distDir, 'web');
  const template = (name: string) => fs.readFileSync(path.join(webDir, name), 'utf8');
  if (!fs.existsSync(path.join(webDir, 'index.html'))) return null;
  const ssrUrl = pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href;
  const rendered = await renderInWorker(ssrUrl, site, publicUrl, options.content?.document);

  const stateBody = `window.__SITE__=${JSON.stringify(site).replace(/</g, '\\u003c')}`;
  const stateScript = `<script>${stateBody}</script>`;
  const fill = (html: string, markup: string, head = '') =>
    html
      .replace('<!--app-head-->', () => head)
      .replace('<!--app-state-->', () => stateScript)
      .replace('<!--app-html-->', () => markup);

  const indexTemplate = template('index.html');
  return {
    landing: toPage(fill(indexTemplate, rendered.landing, rendered.landingHead)),
    contentVersion: options.content?.version ?? 0,
    async renderLanding(content) {
      const again = await renderInWorker(ssrUrl, site, publicUrl, content);
      return toPage(fill(indexTemplate, again.landing, again.landingHead));
    },
    admin: toPage(fill(template('admin.html'), '')),
    notFound: toPage(fill(template('404.html'), rendered.notFound)),
    scriptHashes: [`sha256-${createHash('sha256').update(stateBody).digest('base64')}`],
    staticRoot: webDir,
  };
}

interface Rendered {
  landing: string;
  landingHead: string;
  notFound: string;
}

/**
 * Runs the server-rendering bundle in a worker thread that exits once the markup is back: React's
 * server renderer and the page components are needed at start-up and at a publish only, and a
 * module once imported stays in memory for the life of the process (about 35 MB resident). A fresh
 * worker per render also gives the bundle's content module (applied per render) a clean state.
 * @throws the bundle's own error when rendering fails.
 */
function renderInWorker(
  ssrUrl: string,
  site: SiteConfig,
  publicUrl: string | undefined,
  content: SiteContent | undefined,
): Promise<Rendered> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.ssrUrl).then((ssr) => {
      const { site, publicUrl, content } = workerData;
      parentPort.postMessage({
        landing: ssr.renderLanding(site, content),
        landingHead: ssr.renderLandingHead ? ssr.renderLandingHead(site, publicUrl, content) : '',
        notFound: ssr.renderNotFound(site),
      });
    });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { ssrUrl, site, publicUrl, content } });
    let result: Rendered | undefined;
    worker.once('message', (message: Rendered) => {
      result = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`rendering the pages failed (worker exit ${code})`)),
    );
  });
}

/**
 * Brotli quality of the rendered pages: 10, not the maximum 11. On the landing (163 KB of HTML)
 * 11 took 0.7–1.0 s of the main thread per render on a busy 2-core machine for 2 % fewer bytes
 * (15,020 against 15,298), and a publish renders while requests are served (decision 067).
 */
const BROTLI_QUALITY = 10;

function toPage(html: string): Page {
  const identity = Buffer.from(html);
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
  };
}
