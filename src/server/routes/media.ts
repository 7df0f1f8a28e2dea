import type { FastifyInstance } from 'fastify';
import { combineRanges, parse as parseRange } from 'range-parser';
import { mediaFileBytes, mediaFileInfo } from '../site/media-store.ts';

/** A served file's name: `<id>-<width>.webp`, `<id>.mp4` or `<id>.webm` (src/shared/site-media.ts). */
const NAME = /^[0-9a-f]{32}(-\d{1,5}\.webp|\.mp4|\.webm)$/;

/**
 * GET /media/<name>: the site's uploaded media from the database (decision 070), on every
 * instance. A name is derived from the uploaded bytes' hash and a file is never rewritten, so
 * answers are cached for a year as immutable, with a strong ETag (the name) and 304 on
 * If-None-Match. A single byte range answers 206 (Safari plays a video only so), reading only
 * that slice; several ranges get the whole file, an unsatisfiable one 416.
 */
export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>('/media/:name', async (request, reply) => {
    const name = request.params.name;
    const info = NAME.test(name) ? await mediaFileInfo(app.db, name) : null;
    if (!info) return reply.code(404).header('cache-control', 'no-cache').send({ error: 'Not found' });
    const etag = `"${name}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('content-type', info.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes');
    const ifNoneMatch = request.headers['if-none-match'];
    // Weak comparison, as RFC 9110 asks for If-None-Match.
    const matches = (tag: string) => tag === '*' || tag.replace(/^W\//, '') === etag;
    if (ifNoneMatch?.split(',').some((tag) => matches(tag.trim()))) return reply.code(304).send();

    const size = info.byteSize;
    let start = 0;
    let end = size - 1;
    const rangeHeader = request.headers.range;
    // If-Range names another version: the whole file (this one's name never changes, but a client may ask).
    const ifRange = request.headers['if-range'];
    if (rangeHeader && (!ifRange || ifRange === etag)) {
      const parsed = parseRange(size, rangeHeader);
      if (parsed.type === 'bytes') {
        const ranges = combineRanges(parsed.ranges);
        if (ranges.length === 0 && parsed.code & 2)
          return reply
            .code(416)
            .header('content-type', 'application/json; charset=utf-8')
            .header('content-range', `bytes */${size}`)
            .send({ error: 'Range Not Satisfiable' });
        if (ranges.length === 1) {
          start = ranges[0]!.start;
          end = ranges[0]!.end;
          reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
        }
      }
    }
    const bytes = size === 0 ? Buffer.alloc(0) : await mediaFileBytes(app.db, name, start, end);
    if (!bytes) return reply.code(404).header('cache-control', 'no-cache').send({ error: 'Not found' });
    return reply.header('content-length', bytes.length).send(bytes);
  });
}
