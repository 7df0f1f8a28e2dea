/**
 * How uploaded media are named (decision 070), for the server that writes and serves them and the
 * landing that builds `srcset` from a document's media path alone. zod-free and tiny: the
 * landing's islands import it.
 *
 * - An image upload is re-encoded as WebP at each of {@link MEDIA_IMAGE_WIDTHS} (never wider than
 *   the original: a narrower original is stored at its own width under every name), served at
 *   `/media/<id>-<width>.webp`; the document names the widest.
 * - A video is served as sent at `/media/<id>.mp4` or `/media/<id>.webm`.
 *
 * `<id>` is the first 32 hex digits of the SHA-256 of the uploaded bytes.
 */

/** Widths (px) every uploaded image is stored at, narrowest first. */
export const MEDIA_IMAGE_WIDTHS = [160, 320, 640, 1280] as const;

/** The path prefix media are served under. */
export const MEDIA_PREFIX = '/media/';

/** An uploaded image's path: id and width. */
const IMAGE_PATH = /^\/media\/([0-9a-f]{32})-\d+\.webp$/;

/**
 * The `srcset` of an uploaded image's path (`/media/<id>-<w>.webp 160w, …`), or undefined for any
 * other reference (a built asset, a video): such an image has one size only.
 */
export function mediaSrcSet(url: string): string | undefined {
  const id = IMAGE_PATH.exec(url)?.[1];
  return id ? MEDIA_IMAGE_WIDTHS.map((w) => `${MEDIA_PREFIX}${id}-${w}.webp ${w}w`).join(', ') : undefined;
}
