import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteEndpoints as api } from '../../../shared/api/site.ts';
import { DEMO_ADMIN } from '../../../shared/auth.ts';
import { HttpError } from '../../http-error.ts';
import { ffmpegAvailable } from '../../site/media-process.ts';
import {
  draftContent,
  listVersions,
  publishDraft,
  restoreVersion,
  saveDraft,
  setPublishAt,
  siteState,
} from '../../site/site-content.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/**
 * The site content routes (decision 067; docs/guide.md 'Editing the site'); mounted behind
 * `requireAdmin`. A publish, and the editor's state after a scheduled one, answer once this
 * instance serves the new landing.
 */
export async function adminSiteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // One admin account: the version list names it by its user name.
  const who = app.config.admin?.username ?? DEMO_ADMIN.username;

  r.route({
    ...serveEndpoint(r, api.getSiteContent),
    handler: async (request) => {
      let state = await siteState(app.db);
      // A scheduled publish (or one on another instance) is live in the database before this
      // instance has rendered it: the editor says 'live' only once visitors here get it.
      const site = app.publishedSite;
      if (site && state.version > site.version) {
        await site.refreshNow().catch((err) => request.log.error({ err }, 'landing refresh failed'));
        state = await siteState(app.db);
      }
      return { ...state, media: { posterFromVideo: await ffmpegAvailable() } };
    },
  });

  r.route({
    ...serveEndpoint(r, api.saveSiteDraft),
    handler: async (request) => saveDraft(app.db, request.body, who),
  });

  r.route({
    ...serveEndpoint(r, api.publishSite),
    handler: async (request) => {
      const published = await publishDraft(app.db, who);
      // The version is live in the database; a failed render here is logged and the next
      // publish or poll tries again, so the answer stays the publish's.
      await app.publishedSite
        ?.refreshNow()
        .catch((err) => request.log.error({ err }, 'landing refresh failed'));
      return published;
    },
  });

  r.route({
    ...serveEndpoint(r, api.previewSiteDraft),
    handler: async (_request, reply) => {
      const site = app.publishedSite;
      if (!site) throw new HttpError(503, 'The front end is not built: there is no landing to render.');
      const page = await site.renderPreview(await draftContent(app.db));
      // The draft is the admin's alone: never cached, never indexed, and framed only by this
      // site's own pages (the editor's preview frame); every other page keeps frame-ancestors 'none'.
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      return (
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-robots-tag', 'noindex, nofollow')
          .header('x-frame-options', 'SAMEORIGIN')
          .header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
          // Bytes skip the JSON serialiser; the declared type is the document's text.
          .send(page.identity as unknown as string)
      );
    },
  });

  r.route({
    ...serveEndpoint(r, api.scheduleSitePublish),
    handler: async (request) => {
      const at = new Date(request.body.publishAt);
      await setPublishAt(app.db, at, who);
      return { publishAt: at.toISOString() };
    },
  });

  r.route({
    ...serveEndpoint(r, api.cancelSitePublish),
    handler: async (_request, reply) => {
      await setPublishAt(app.db, null, who);
      return reply.code(204).send();
    },
  });

  r.route({ ...serveEndpoint(r, api.listSiteVersions), handler: async () => listVersions(app.db) });

  r.route({
    ...serveEndpoint(r, api.restoreSiteVersion),
    handler: async (request) => restoreVersion(app.db, request.params.n, who),
  });
}
