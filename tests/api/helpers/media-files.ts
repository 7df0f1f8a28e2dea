import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Media files for the upload tests (tests/api/site-media.test.ts): made here, none committed. */

/** A small test video (1 s, 160 × 320; H.264 MP4 or VP9 WebM), made once with ffmpeg. */
export function makeVideo(dir: string, container: 'mp4' | 'webm' = 'mp4'): Buffer {
  const out = path.join(dir, `clip.${container}`);
  execFileSync(
    'ffmpeg',
    [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x320:rate=10',
      '-t',
      '1',
      '-pix_fmt',
      'yuv420p',
      ...(container === 'mp4'
        ? ['-c:v', 'libx264']
        : ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-b:v', '200k']),
      '-y',
      out,
    ],
    { timeout: 60_000 },
  );
  return fs.readFileSync(out);
}

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real decompression bomb: a valid 1-bit PNG of `side` × `side` black pixels, a few dozen KB. */
export function pngBomb(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(side / 8));
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: side }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
