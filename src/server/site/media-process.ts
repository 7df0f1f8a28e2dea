import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { MEDIA_IMAGE_WIDTHS } from '../../shared/site-media.ts';
import { HttpError } from '../http-error.ts';

/**
 * What an upload is and the files it becomes (decision 070). The type comes from the bytes only
 * (file-type reads the magic numbers, sharp then decodes the image): never from the file's name
 * or the Content-Type the browser sent. Images are re-encoded (which also drops their metadata:
 * EXIF, GPS position) into WebP at each of {@link MEDIA_IMAGE_WIDTHS}; videos are kept as sent,
 * with a poster from their first frame (Debian's ffmpeg) unless one is given.
 */

/** Largest video taken (bytes). */
export const VIDEO_MAX_BYTES = 25 * 1024 * 1024;
/** Largest image taken (bytes). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest image decoded (pixels): a decompression bomb's header says more and is refused unread. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Longest an ffmpeg run may take before it is killed (ms). */
export const FFMPEG_TIMEOUT_MS = 20_000;

/** The formats taken, by file-type's extension: what they are served as. */
const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm' };
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};
/** sharp's name of each image format file-type reports. */
const SHARP_FORMAT: Record<string, string[]> = {
  jpg: ['jpeg'],
  png: ['png'],
  webp: ['webp'],
  avif: ['heif'],
};

const TAKEN = 'JPEG, PNG, WebP or AVIF images (at most 10 MB) and MP4 or WebM videos (at most 25 MB)';

/** One file to store: its name under /media/ and its bytes. */
export interface MediaFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** An upload made ready to store. */
export interface ProcessedMedia {
  id: string;
  kind: 'image' | 'video';
  url: string;
  width: number;
  height: number;
  files: MediaFile[];
}

/** The first 32 hex digits of the bytes' SHA-256: the media's id and the start of its file names. */
export function mediaId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/**
 * What the bytes are, from their first bytes.
 * @throws HttpError 400 for any other type (named when known), 413 over the type's size limit.
 */
export async function detectMedia(bytes: Buffer): Promise<{ kind: 'image' | 'video'; ext: string }> {
  if (bytes.length === 0) throw new HttpError(400, 'The file is empty.');
  const type = await fileTypeFromBuffer(bytes);
  if (type && VIDEO_TYPES[type.ext]) {
    if (bytes.length > VIDEO_MAX_BYTES) throw new HttpError(413, 'The video is larger than 25 MB.');
    return { kind: 'video', ext: type.ext };
  }
  if (type && IMAGE_TYPES[type.ext]) {
    if (bytes.length > IMAGE_MAX_BYTES) throw new HttpError(413, 'The image is larger than 10 MB.');
    return { kind: 'image', ext: type.ext };
  }
  const what = type ? `a ${type.ext.toUpperCase()} file (${type.mime})` : 'not an image or a video';
  throw new HttpError(400, `The file is ${what}: the site takes ${TAKEN}.`);
}

type Sharp = typeof import('sharp');
let sharpModule: Promise<Sharp> | undefined;
/** sharp, loaded on the first upload (its native library would slow every start). */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((m) => {
    // Each upload is decoded once; libvips' operation cache would only hold memory.
    m.default.cache(false);
    return m.default;
  });
  return sharpModule;
}

/**
 * An image's WebP widths. The header is read first: an image of more than
 * {@link IMAGE_MAX_PIXELS} is refused before a pixel is decoded (sharp's `limitInputPixels`
 * guards the decode itself too).
 * @throws HttpError 400 when the bytes are not the image their header claims, or too many pixels.
 */
export async function processImage(bytes: Buffer, ext: string): Promise<ProcessedMedia> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' as const };
  let meta: Awaited<ReturnType<ReturnType<Sharp>['metadata']>>;
  try {
    // The header only: no pixel is decoded, so the pixel limit is checked here, in words.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, `The file starts like a ${ext.toUpperCase()} image but cannot be read as one.`);
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!(SHARP_FORMAT[ext] ?? []).includes(meta.format ?? '') || !width || !height)
    throw new HttpError(400, `The file starts like a ${ext.toUpperCase()} image but cannot be read as one.`);
  if (width * height > IMAGE_MAX_PIXELS)
    throw new HttpError(
      400,
      `The image is ${width} × ${height} pixels: the site takes at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
    );
  const id = mediaId(bytes);
  const files: MediaFile[] = [];
  try {
    for (const w of MEDIA_IMAGE_WIDTHS) {
      const out = await sharp(bytes, options)
        .autoOrient()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer();
      files.push({ name: `${id}-${w}.webp`, contentType: 'image/webp', bytes: out });
    }
  } catch {
    throw new HttpError(400, `The file starts like a ${ext.toUpperCase()} image but cannot be read as one.`);
  }
  const widest = MEDIA_IMAGE_WIDTHS[MEDIA_IMAGE_WIDTHS.length - 1];
  return { id, kind: 'image', url: `/media/${id}-${widest}.webp`, width, height, files };
}

/** A video kept as sent (its poster is a separate image media). */
export function videoMedia(
  bytes: Buffer,
  ext: string,
  frame: { width: number; height: number },
): ProcessedMedia {
  const id = mediaId(bytes);
  const name = `${id}.${ext}`;
  return {
    id,
    kind: 'video',
    url: `/media/${name}`,
    width: frame.width,
    height: frame.height,
    files: [{ name, contentType: VIDEO_TYPES[ext]!, bytes }],
  };
}

const ffmpegFound = new Map<string, Promise<boolean>>();
/** Whether `ffmpeg` runs here (asked once per binary; `FFMPEG_PATH` names another than PATH's). */
export function ffmpegAvailable(): Promise<boolean> {
  const binary = ffmpegPath();
  let found = ffmpegFound.get(binary);
  if (!found) {
    found = new Promise((resolve) => {
      execFile(binary, ['-version'], { timeout: 10_000 }, (error) => resolve(!error));
    });
    ffmpegFound.set(binary, found);
  }
  return found;
}

function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || 'ffmpeg';
}

/**
 * The video's first frame as a PNG, with ffmpeg run without a shell on a private temporary copy,
 * its demuxer forced to the detected container (so a file cannot make ffmpeg open a playlist or
 * another protocol), only the `file` protocol allowed, killed after {@link FFMPEG_TIMEOUT_MS}.
 * @throws HttpError 400 when ffmpeg cannot read a frame (a file that only starts like a video).
 */
export async function firstFrame(bytes: Buffer, ext: string): Promise<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'site-media-'));
  const input = path.join(dir, `${randomUUID()}.${ext}`);
  try {
    await fs.promises.writeFile(input, bytes, { mode: 0o600 });
    const args = [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-protocol_whitelist',
      'file',
      '-f',
      ext === 'mp4' ? 'mov' : 'matroska',
      '-i',
      input,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      'pipe:1',
    ];
    const png = await new Promise<Buffer>((resolve, reject) => {
      execFile(
        ffmpegPath(),
        args,
        {
          encoding: 'buffer',
          timeout: FFMPEG_TIMEOUT_MS,
          killSignal: 'SIGKILL',
          maxBuffer: 64 * 1024 * 1024,
        },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    if (png.length === 0) throw new Error('no frame');
    return png;
  } catch {
    throw new HttpError(
      400,
      `The file starts like a${ext === 'mp4' ? 'n MP4' : ' WebM'} video but no frame could be read from it.`,
    );
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
