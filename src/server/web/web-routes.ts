import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { isAdminScreenPath } from '../../shared/admin-paths.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { adminManifest } from './admin-manifest.ts';
import type { Page, Pages } from './load-pages.ts';

/**
 * Serves the front end: `/` (prerendered landing), the admin screens' paths (admin SPA shell),
 * `/sitemap.xml` (the landing, at the public URL), hashed assets with a one-year immutable cache
 * (pre-compressed .br/.gz siblings written by the build), other built files (robots.txt, icons), and the
 * '404 Page Not Found' page with status 404 for every other path (docs/product.md §2.1).
 * Unknown `/api/*` paths answer JSON `{ error }` instead.
 */
export async function webRoutes(app: FastifyInstance, opts: { pages: Pages | null }) {
  const { pages } = opts;

  if (pages) {
    app.get('/', (request, reply) => {
      countVisit(app, request);
      return sendPage(request, reply, pages.landing, 200, 'no-cache');
    });
    // The public URL comes from configuration only: a forged Host must not reach a cached sitemap.
    app.get('/sitemap.xml', (_request, reply) => {
      const base = app.config.publicUrl;
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${escapeXml(`${base}/`)}</loc><changefreq>monthly</changefreq><priority>1.0</priority></url>\n</urlset>\n`;
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(xml);
    });
    // The installable admin (decision 071): its manifest names the site from the configuration.
    const manifest = adminManifest(app.config.site);
    app.get('/admin.webmanifest', (_request, reply) =>
      reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(manifest),
    );
    // Only the admin screens get the app; any other /admin path is a 404.
    const admin = (request: FastifyRequest, reply: FastifyReply) =>
      isAdminScreenPath(request.url.split('?', 1)[0] ?? '')
        ? sendPage(request, reply, pages.admin, 200, 'no-store')
        : sendPage(request, reply, pages.notFound, 404, 'no-cache');
    app.get('/admin', { config: { ignoresNul: true } }, admin);
    app.get('/admin/*', { config: { ignoresNul: true } }, admin);

    await app.register(fastifyStatic, {
      root: pages.staticRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The HTML templates (and their pre-compressed siblings) are only ever sent rendered,
      // through the routes above.
      allowedPath: (pathName) => !TEMPLATE.test(pathName),
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : // The service worker is looked at again on every visit, so a release reaches it at once.
              filePath.endsWith('admin-sw.js')
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  } else {
    app.log.warn('front end not built (dist/web missing): run `npm run build`; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !pages) {
      return reply.code(404).send({ error: 'Not found' });
    }
    return sendPage(request, reply, pages.notFound, 404, 'no-cache');
  });
}

/**
 * Counts a landing view for the dashboard (decision 013): bots (isbot) are skipped, and so is
 * any browser carrying a session cookie — the admin's own — which needs no database read here.
 */
function countVisit(app: FastifyInstance, request: FastifyRequest) {
  const userAgent = request.headers['user-agent'] ?? '';
  if (!userAgent || isbot(userAgent) || request.cookies[SESSION_COOKIE]) return;
  const utm = (request.query as Record<string, unknown> | undefined)?.utm_source;
  app.visits.record(request.ip, userAgent, {
    referrer: request.headers.referer,
    utmSource: typeof utm === 'string' ? utm : undefined,
  });
}

const TEMPLATE = /\.html(\.gz|\.br)?$/i;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number, cache: string) {
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', cache)
    .header('vary', 'accept-encoding')
    .header('etag', page.etag);
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip', 'identity']);
  if (encoding === 'br' || encoding === 'gzip') {
    return reply.header('content-encoding', encoding).send(page[encoding]);
  }
  return reply.send(page.identity);
}
