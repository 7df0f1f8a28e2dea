import { z } from 'zod';
import { versionParams } from '../ids.ts';
import { errors, noContent } from '../responses.ts';
import { siteContentSchema } from '../site-content.ts';
import { endpoint } from './endpoint.ts';
import { siteRoutes as routes } from './site-routes.ts';

/** One published version of the site's content, without the document (decision 067). */
export const siteVersionSchema = z
  .object({
    version: z.number().int(),
    publishedAt: z.iso.datetime(),
    publishedBy: z.string(),
    summary: z.string(),
  })
  .meta({ id: 'SiteVersion' });
export type SiteVersion = z.infer<typeof siteVersionSchema>;

/**
 * The document as answers name it (a component of the API document). Request bodies use the
 * schema itself, inlined, as every body of this API does.
 */
const siteContentAnswer = siteContentSchema.meta({ id: 'SiteContent' });

/** The draft, the live document and the live version number. */
export const siteStateSchema = z
  .object({
    draft: siteContentAnswer,
    published: siteContentAnswer,
    version: z.number().int(),
    /** When the draft was last saved. */
    draftSavedAt: z.iso.datetime(),
    /** 'Publish at': when the draft, as it is then, goes live (decision 069); null: not set. */
    publishAt: z.iso.datetime().nullable(),
    /** Whether the draft differs from the live site (there is something to publish). */
    unpublishedChanges: z.boolean(),
    /** What the media uploads can do on this server (decision 070). */
    media: z.object({
      /** Whether a video's poster is taken from its first frame (ffmpeg is installed); else it is uploaded on its own. */
      posterFromVideo: z.boolean(),
    }),
  })
  .meta({ id: 'SiteState' });
export type SiteState = z.infer<typeof siteStateSchema>;

/** One uploaded media as the document may name it (decision 070). */
export const siteMediaSchema = z
  .object({
    /** The first 32 hex digits of the SHA-256 of the bytes sent. */
    id: z.string(),
    kind: z.enum(['image', 'video']),
    /** The path for the document's media fields (`/media/<id>-1280.webp`, `/media/<id>.mp4`). */
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'SiteMedia' });
export type SiteMedia = z.infer<typeof siteMediaSchema>;

/** The upload's answer: the media, and for a video its poster (an image media). */
export const siteMediaUploadSchema = siteMediaSchema
  .extend({
    /** A video's poster: the image sent as `poster`, else its first frame; null for an image. */
    poster: siteMediaSchema.nullable(),
  })
  .meta({ id: 'SiteMediaUpload' });
export type SiteMediaUpload = z.infer<typeof siteMediaUploadSchema>;

/** When to publish the draft: an instant from now to a year ahead (a minute's grace for clocks). */
export const sitePublishAtSchema = z.object({
  publishAt: z.iso
    .datetime({ offset: true })
    .refine((v) => Date.parse(v) > Date.now() - 60_000, 'A time in the future.')
    .refine((v) => Date.parse(v) < Date.now() + 366 * 86_400_000, 'At most a year ahead.'),
});

/** The site content endpoints (docs/product.md 'Editing the site'); admin session required. */
export const siteEndpoints = {
  getSiteContent: endpoint(routes.getSiteContent, {
    summary: "The site's draft and live content",
    response: { 200: siteStateSchema },
  }),
  saveSiteDraft: endpoint(routes.saveSiteDraft, {
    summary: 'Save the whole draft',
    description:
      'Replaces the draft with the document given. A document breaking the schema is refused with 400; `details.fieldErrors` names each field path (`testimonials.2.name`). Nothing is published.',
    body: siteContentSchema,
    response: {
      200: z.object({ draftSavedAt: z.iso.datetime(), unpublishedChanges: z.boolean() }),
    },
  }),
  publishSite: endpoint(routes.publishSite, {
    summary: 'Publish the draft',
    description:
      'Makes the draft the live site as a new version. This instance serves the new landing when the answer comes; every other instance within 2 s (decision 067).',
    response: {
      200: z.object({ version: z.number().int() }),
      ...errors({ 409: 'The draft is the live site already: nothing to publish.' }),
    },
  }),
  previewSiteDraft: endpoint(routes.previewSiteDraft, {
    summary: 'The landing rendered from the draft',
    description:
      "The public landing's HTML as the draft would make it (the same render as a publish), for the admin's preview frame only: `Cache-Control: no-store`, `X-Robots-Tag: noindex`, framable by this site's own pages. Visitors never get it (admin session or token required).",
    response: {
      200: {
        description: 'The landing page rendered from the draft.',
        content: { 'text/html': { schema: z.string() } },
      },
      ...errors({ 503: 'The front end is not built: there is no landing to render.' }),
    },
  }),
  scheduleSitePublish: endpoint(routes.scheduleSitePublish, {
    summary: "Set the draft's 'Publish at' time",
    description:
      'The draft, as it is at that time, is published by the first instance whose worker sees the time pass (within a second on PostgreSQL, five seconds on the embedded database). A time in the past or more than a year ahead is refused.',
    body: sitePublishAtSchema,
    response: { 200: z.object({ publishAt: z.iso.datetime() }) },
  }),
  cancelSitePublish: endpoint(routes.cancelSitePublish, {
    summary: "Clear the draft's 'Publish at' time",
    response: { 204: noContent },
  }),
  listSiteVersions: endpoint(routes.listSiteVersions, {
    summary: 'Published versions, newest first',
    response: { 200: z.array(siteVersionSchema) },
  }),
  restoreSiteVersion: endpoint(routes.restoreSiteVersion, {
    summary: 'Bring a published version back as the draft',
    description: 'The draft becomes that version; publish it to make it live again.',
    params: versionParams,
    response: { 200: z.object({ draftSavedAt: z.iso.datetime() }), ...errors({ 404: 'No such version.' }) },
  }),
  uploadSiteMedia: endpoint(routes.uploadSiteMedia, {
    summary: 'Upload an image or a video for the site',
    description:
      'Multipart: `file` (a JPEG, PNG, WebP or AVIF image up to 10 MB, or an MP4 or WebM video up to 25 MB) and, ' +
      "for a video, an optional `poster` image. The type is read from the bytes, never from the file's name " +
      'or Content-Type. Images are stored as WebP at 160, 320, 640 and 1280 px wide (`url` names the widest; ' +
      'the landing builds the `srcset` from it). A video without `poster` gets its first frame when the ' +
      'server has ffmpeg (`GET /api/admin/site` `media.posterFromVideo`); without ffmpeg it is stored alone (`poster` null, size 0 × 0) and the project poster is uploaded on its own. ' +
      'The same bytes uploaded again answer the same media. Files are served at `url` with immutable caching; ' +
      'media no draft or version names are deleted a day after their upload (decision 070).',
    consumes: ['multipart/form-data'],
    response: {
      200: siteMediaUploadSchema,
      ...errors({
        400: 'Not an image or video the site takes, a file that is not what its first bytes say, an image of more than 40 megapixels, no `file` part.',
        413: 'An image over 10 MB or a video over 25 MB.',
        415: 'Not a multipart/form-data request.',
      }),
    },
  }),
};
