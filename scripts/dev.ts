// `npm run dev`: the development server on one port, as in production (decision 022).
// Vite serves the landing and the admin with hot module replacement on PORT, rendering the
// landing from the current sources on every request (production renders it once at start,
// decision 008); every API path is proxied to the real server, which runs from the TypeScript
// sources under `tsx watch` on a private loopback port and restarts when a server file changes.
// Development only: no CSP, no pre-compression, and the API sees every client as 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import { createServer, type InlineConfig, type Plugin, type ViteDevServer } from 'vite';
import { loadConfigOrExit } from '../src/server/config.ts';
import { isAdminScreenPath } from '../src/shared/admin-paths.ts';
import type { SiteConfig } from '../src/shared/site.ts';
import viteConfig from '../vite.config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = path.join(root, 'src/web');

/** Paths the API server answers; everything else is the front end (Vite). */
export const API_PATHS = '^/(api|healthz|readyz|sitemap\\.xml|unsubscribe)(/|\\?|$)';

/**
 * The pages as the production server fills them (src/server/web/load-pages.ts): the landing and
 * the 404 page rendered by src/web/entry-server.tsx, loaded through Vite on every request so an
 * edit shows at the next reload; `window.__SITE__` from the runtime settings; the admin shell.
 */
function devPages(site: SiteConfig, publicUrl: string): Plugin {
  const state = `<script>window.__SITE__=${JSON.stringify(site).replace(/</g, '\\u003c')}</script>`;
  let vite: ViteDevServer;
  async function render(
    _req: IncomingMessage,
    res: ServerResponse,
    page: 'index' | 'admin' | '404',
    status: number,
  ) {
    // The templates sit in Vite's root and link `./x` (the build rewrites those); served at
    // /admin/login a relative link would resolve under /admin/, so they become root-absolute.
    const template = fs
      .readFileSync(path.join(webRoot, `${page}.html`), 'utf8')
      .replace(/(src|href)="\.\//g, '$1="/');
    let html = await vite.transformIndexHtml(page === 'index' ? '/' : `/${page}.html`, template);
    let markup = '';
    let head = '';
    if (page !== 'admin') {
      const ssr = await vite.ssrLoadModule('/entry-server.tsx');
      markup = page === 'index' ? ssr.renderLanding(site) : ssr.renderNotFound(site);
      head = page === 'index' ? ssr.renderLandingHead(site, publicUrl) : '';
    }
    html = html
      .replace('<!--app-head-->', () => head)
      .replace('<!--app-state-->', () => state)
      .replace('<!--app-html-->', () => markup);
    res.statusCode = status;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(html);
  }
  const handle =
    (pick: (pathname: string) => 'index' | 'admin' | null) =>
    (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const pathname = (req.url ?? '/').split('?', 1)[0]!;
      const page = pick(pathname);
      if (!page) return next();
      render(req, res, page, 200).catch((error: Error) => {
        vite.ssrFixStacktrace(error);
        next(error);
      });
    };
  return {
    name: 'agency-dev-pages',
    configureServer(server) {
      vite = server;
      // Before Vite's own middlewares (and vite.config.ts's admin fallback, which rewrites to /admin.html).
      server.middlewares.use(
        handle((p) =>
          p === '/' || p === '/index.html'
            ? 'index'
            : p === '/admin.html' || isAdminScreenPath(p)
              ? 'admin'
              : null,
        ),
      );
      // After Vite's modules and public files: any other page is the 404 page, as in production.
      return () => {
        server.middlewares.use((req, res, next) => {
          const accept = String(req.headers.accept ?? '');
          if ((req.method !== 'GET' && req.method !== 'HEAD') || !accept.includes('text/html')) return next();
          render(req, res, '404', 404).catch(next);
        });
      };
    },
  };
}

/** Starts the API server under `tsx watch` (restarts on changes of any file it imports). */
function startApi(port: number, env: NodeJS.ProcessEnv): ChildProcess {
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  return spawn(process.execPath, [tsx, 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'inherit',
  });
}

async function main() {
  const config = loadConfigOrExit({ NODE_ENV: 'development' });
  const apiPort = await getPort({ host: '127.0.0.1' });
  // Links in mail and the Google redirect must name the port the browser uses, not the API's; and
  // the same-origin check compares a post's Origin with this URL, so it is the address printed below.
  const publicUrl = config.appUrl ?? `http://${config.host}:${config.port}`;
  const api = startApi(apiPort, { ...process.env, APP_URL: publicUrl });
  const base = viteConfig as InlineConfig;
  const before = new Set(process.listeners('SIGTERM'));
  let vite: ViteDevServer;
  try {
    vite = await createServer({
      ...base,
      // vite.config.ts as is, but its `/api` proxy (for a bare `npx vite` next to `npm start`) is
      // replaced by the proxy to this API server.
      configFile: false,
      appType: 'mpa',
      plugins: [...(base.plugins ?? []), devPages({ ...config.site, demoMode: config.demoMode }, publicUrl)],
      server: {
        ...base.server,
        host: config.host,
        port: config.port,
        strictPort: true,
        proxy: { [API_PATHS]: { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false, ws: false } },
      },
    });
    // Vite exits on SIGTERM by itself (code 143) without waiting for the API server; this script
    // stops both in order instead.
    for (const listener of process.listeners('SIGTERM')) {
      if (!before.has(listener)) process.off('SIGTERM', listener);
    }
    await vite.listen();
  } catch (error) {
    // PORT taken, a broken vite.config.ts: no orphaned API server left behind.
    console.error(`dev server failed to start: ${(error as Error).message}`);
    api.kill('SIGTERM');
    process.exit(1);
  }
  const address = vite.httpServer?.address() as net.AddressInfo;
  console.log(
    `dev server: http://${config.host}:${address.port} (API on 127.0.0.1:${apiPort}, restarts on server changes)`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    api.kill(signal);
    await vite.close();
    await new Promise((resolve) => (api.exitCode === null ? api.once('exit', resolve) : resolve(null)));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  api.once('exit', (code) => {
    if (!stopping) {
      console.error(`API server exited (${code}); stopping.`);
      void vite.close().then(() => process.exit(1));
    }
  });
}

await main();
