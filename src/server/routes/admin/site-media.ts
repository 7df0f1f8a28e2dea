import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteEndpoints as api, type SiteMediaUpload } from '../../../shared/api/site.ts';
import { HttpError } from '../../http-error.ts';
import {
  detectMedia,
  ffmpegAvailable,
  firstFrame,
  processImage,
  VIDEO_MAX_BYTES,
  videoMedia,
} from '../../site/media-process.ts';
import { type StoredMedia, storeMedia } from '../../site/media-store.ts';
import { serveEndpoint } from '../serve-endpoint.ts';

/** Room for the multipart form's own lines and a poster beside a video (bytes). */
const FORM_OVERHEAD = 11 * 1024 * 1024;

/**
 * POST /api/admin/site/media (decision 070; mounted behind the admin guard, so the same-origin
 * check of every admin call applies): multipart `file` and, for a video, an optional `poster`.
 * The multipart parser is registered in this plugin only: every other route still takes JSON.
 * The parts are read into memory (a file is stored in the database whole anyway; at most 25 MB
 * plus a 10 MB poster), then checked, processed and stored in one transaction: a refused upload
 * writes nothing.
 */
export async function adminSiteMediaRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: VIDEO_MAX_BYTES, files: 2, fields: 2, fieldSize: 1024, parts: 4 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serveEndpoint(r, api.uploadSiteMedia),
    handler: async (request): Promise<SiteMediaUpload> => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data.');
      const { file, poster } = await receiveParts(request);
      if (!file) throw new HttpError(400, 'The upload has no `file` part.');
      const type = await detectMedia(file);
      if (type.kind === 'image') {
        if (poster) throw new HttpError(400, 'A poster goes with a video only: this file is an image.');
        const stored = await storeMedia(app.db, await processImage(file, type.ext));
        return { ...answer(stored), poster: null };
      }
      let posterImage: Buffer;
      if (poster) {
        const posterType = await detectMedia(poster);
        if (posterType.kind !== 'image') throw new HttpError(400, 'The poster must be an image.');
        posterImage = poster;
      } else if (await ffmpegAvailable()) {
        posterImage = await firstFrame(file, type.ext);
      } else {
        // No ffmpeg to take the first frame: the video alone (its size unknown, 0 × 0); the
        // document still needs a poster for the project, which the owner uploads on its own.
        return {
          ...answer(await storeMedia(app.db, videoMedia(file, type.ext, { width: 0, height: 0 }))),
          poster: null,
        };
      }
      const posterMedia = await processImage(posterImage, poster ? (await detectMedia(poster)).ext : 'png');
      // The poster is stored first: a video row never names a poster that is not there.
      const storedPoster = await storeMedia(app.db, posterMedia);
      const stored = await storeMedia(
        app.db,
        videoMedia(file, type.ext, { width: posterMedia.width, height: posterMedia.height }),
      );
      return { ...answer(stored), poster: answer(storedPoster) };
    },
  });
}

const answer = (media: StoredMedia) => ({ ...media });

/**
 * The `file` and `poster` parts' bytes; text fields are ignored, and so is every file's name and
 * Content-Type (the type is read from the bytes).
 * @throws HttpError 413 when a part is over 25 MB or the declared body is far over it.
 */
async function receiveParts(request: FastifyRequest): Promise<{ file?: Buffer; poster?: Buffer }> {
  const declared = Number(request.headers['content-length']);
  if (declared > VIDEO_MAX_BYTES + FORM_OVERHEAD)
    throw new HttpError(413, 'The file is larger than 25 MB.', undefined, { connection: 'close' });
  const received: { file?: Buffer; poster?: Buffer } = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' || part.fieldname === 'poster') received[part.fieldname] = bytes;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'The file is larger than 25 MB.', undefined, { connection: 'close' });
    if (typeof code === 'string' && code.startsWith('FST_'))
      throw new HttpError(400, 'The upload is not a complete multipart/form-data body: send the file again.');
    throw error;
  }
  return received;
}
