import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { SiteConfig } from '../../shared/site.ts';

/**
 * The three HTML documents the server sends, rendered once at start-up and held in memory with
 * their gzip and brotli variants (DESIGN §4: `GET /` must not touch the disk or the database).
 *
 * Build output contract (scripts/build.ts): `dist/web/{index,admin,404}.html` carry the
 * placeholders `<!--app-html-->` and `<!--app-state-->`, and index.html also `<!--app-head-->`;
 * `dist/ssr/entry-server.js` exports `renderLanding(site)`, `renderLandingHead(site, publicUrl)`
 * and `renderNotFound(site)` returning markup strings.
 */

export interface Page {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export interface Pages {
  landing: Page;
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
}

interface SsrModule {
  renderLanding(site: SiteConfig): string;
  renderLandingHead?(site: SiteConfig, publicUrl?: string): string;
  renderNotFound(site: SiteConfig): string;
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
  const ssr = (await import(pathToFileURL(path.join(distDir, 'ssr', 'entry-server.js')).href)) as SsrModule;

  const stateBody = `window.__SITE__=${JSON.stringify(site).replace(/</g, '\\u003c')}`;
  const stateScript = `<script>${stateBody}</script>`;
  const fill = (html: string, markup: string, head = '') =>
    html
      .replace('<!--app-head-->', () => head)
      .replace('<!--app-state-->', () => stateScript)
      .replace('<!--app-html-->', () => markup);
  const landingHead = ssr.renderLandingHead?.(site, publicUrl) ?? '';

  return {
    landing: toPage(fill(template('index.html'), ssr.renderLanding(site), landingHead)),
    admin: toPage(fill(template('admin.html'), '')),
    notFound: toPage(fill(template('404.html'), ssr.renderNotFound(site))),
    scriptHashes: [`sha256-${createHash('sha256').update(stateBody).digest('base64')}`],
    staticRoot: webDir,
  };
}

function toPage(html: string): Page {
  const identity = Buffer.from(html);
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
  };
}
