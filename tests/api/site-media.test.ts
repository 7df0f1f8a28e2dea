import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { siteMedia, siteMediaFiles } from '../../src/db/schema/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { deleteUnreferencedMedia, UNREFERENCED_MEDIA_GRACE_MS } from '../../src/server/site/media-store.ts';
import { defaultSiteContent } from '../../src/shared/site-content-default.ts';
import { MEDIA_IMAGE_WIDTHS } from '../../src/shared/site-media.ts';
import { makeVideo, pngBomb } from './helpers/media-files.ts';
import { createTestApp, signIn, type TestApp, usingPostgres } from './helpers/test-app.ts';

/**
 * The site's media (decision 070): uploads typed from their bytes, images re-encoded into WebP
 * widths, a video's poster from its first frame (ffmpeg), files served from the database with
 * immutable caching, ETag, 304 and byte ranges, refusals (wrong type, lying files, too large, a
 * decompression bomb), dedupe under parallel uploads, the clean-up, and a second instance on the
 * same PostgreSQL serving what the first stored.
 */

const UPLOAD = '/api/admin/site/media';

/** The upload's answer, or a refusal's `{ error }`. */
interface Answer {
  id: string;
  kind: 'image' | 'video';
  url: string;
  width: number;
  height: number;
  poster: { id: string; url: string; width: number } | null;
  error: string;
}

describe('site media', () => {
  let t: TestApp;
  let cookie: string;
  let base: string;
  let tmp: string;
  let video: Buffer;
  let jpeg: Buffer;
  let png: Buffer;
  let webp: Buffer;
  let avif: Buffer;

  /** Posts `parts` ([field, bytes, filename, content type]) as multipart/form-data. */
  async function upload(
    parts: [string, Buffer, string?, string?][],
    headers: Record<string, string> = { cookie },
  ): Promise<{ status: number; body: Answer }> {
    const form = new FormData();
    for (const [field, bytes, name, type] of parts)
      form.append(
        field,
        new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }),
        name ?? 'f',
      );
    const res = await fetch(`${base}${UPLOAD}`, { method: 'POST', body: form, headers });
    return { status: res.status, body: (await res.json()) as Answer };
  }

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-media-test-'));
    video = makeVideo(tmp);
    const picture = sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } });
    jpeg = await picture.clone().jpeg().toBuffer();
    png = await picture.clone().png().toBuffer();
    avif = await picture.clone().avif({ effort: 0 }).toBuffer();
    webp = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#cc3366' } })
      .webp()
      .toBuffer();
    t = await createTestApp();
    cookie = await signIn(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('takes JPEG, PNG, WebP and AVIF, serves each width as WebP with immutable caching, ETag and 304', async () => {
    for (const [bytes, name] of [
      [jpeg, 'photo.jpg'],
      [png, 'photo.png'],
      [webp, 'wide.webp'],
      [avif, 'photo.avif'],
    ] as const) {
      const res = await upload([['file', bytes, name]]);
      expect(res.status, name).toBe(200);
      expect(res.body).toMatchObject({ kind: 'image', poster: null });
      expect(res.body.url).toMatch(/^\/media\/[0-9a-f]{32}-1280\.webp$/);
      for (const width of MEDIA_IMAGE_WIDTHS) {
        const url = res.body.url.replace('-1280.', `-${width}.`);
        const file = await get(url);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/webp');
        expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(file.headers.get('x-content-type-options')).toBe('nosniff');
        const etag = file.headers.get('etag');
        expect(etag).toMatch(/^"[0-9a-f]{32}-\d+\.webp"$/);
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect(meta.format).toBe('webp');
        // Never wider than the original.
        expect(meta.width).toBe(Math.min(width, bytes === webp ? 2000 : 400));
        const again = await get(url, { 'if-none-match': etag! });
        expect(again.status).toBe(304);
      }
    }
  });

  it('takes an MP4, makes its poster from the first frame, and answers byte ranges with 206', async () => {
    const res = await upload([['file', video, 'clip.mp4', 'video/mp4']]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ kind: 'video', width: 160, height: 320 });
    expect(res.body.url).toMatch(/^\/media\/[0-9a-f]{32}\.mp4$/);
    expect(res.body.poster!.url).toMatch(/^\/media\/[0-9a-f]{32}-1280\.webp$/);
    const poster = await get(res.body.poster!.url);
    expect(poster.status).toBe(200);
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).width).toBe(160);

    const whole = await get(res.body.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    const part = await get(res.body.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(100, 200))).toBe(true);
    const tail = await get(res.body.url, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(video.length - 10))).toBe(true);
    const beyond = await get(res.body.url, { range: `bytes=${video.length + 10}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);

    const state = await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: { cookie } });
    expect(state.json().media).toEqual({ posterFromVideo: true });
  });

  it('takes a WebM too, its poster from the first frame', async () => {
    const webm = makeVideo(tmp, 'webm');
    const res = await upload([['file', webm, 'clip.webm', 'video/webm']]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(/^\/media\/[0-9a-f]{32}\.webm$/);
    expect(res.body.poster!.width).toBe(160);
    expect((await get(res.body.url)).headers.get('content-type')).toBe('video/webm');
  });

  it('takes a poster sent with the video instead of the first frame', async () => {
    const res = await upload([
      ['file', video, 'clip.mp4'],
      ['poster', jpeg, 'poster.jpg'],
    ]);
    expect(res.status).toBe(200);
    const fromJpeg = await upload([['file', jpeg, 'again.jpg']]);
    expect(res.body.poster!.id).toBe(fromJpeg.body.id);
  });

  it('without ffmpeg, takes the video alone (no poster made) or with the poster sent', async () => {
    const before = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = path.join(tmp, 'no-ffmpeg-here');
    try {
      const state = await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: { cookie } });
      expect(state.json().media).toEqual({ posterFromVideo: false });
      const alone = await upload([['file', video, 'clip.mp4']]);
      expect(alone.status).toBe(200);
      expect(alone.body).toMatchObject({ kind: 'video', poster: null });
      const taken = await upload([
        ['file', video, 'clip.mp4'],
        ['poster', png, 'poster.png'],
      ]);
      expect(taken.status).toBe(200);
    } finally {
      if (before === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = before;
    }
  });

  it('refuses what is not an image or a video, whatever its name and Content-Type say', async () => {
    const before = (await t.database.db.select({ id: siteMedia.id }).from(siteMedia)).length;
    const text = await upload([
      ['file', Buffer.from('just some text, not a picture\n'), 'photo.png', 'image/png'],
    ]);
    expect(text.status).toBe(400);
    expect(text.body.error).toBe(
      'The file is not an image or a video: the site takes JPEG, PNG, WebP or AVIF images (at most 10 MB) and MP4 or WebM videos (at most 25 MB).',
    );
    const pdf = await upload([
      [
        'file',
        Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'),
        'cv.jpg',
        'image/jpeg',
      ],
    ]);
    expect(pdf.status).toBe(400);
    expect(pdf.body.error).toMatch(/^The file is a PDF file \(application\/pdf\): the site takes/);
    // PNG's first bytes, then nothing an image decoder can read.
    const lying = Buffer.concat([png.subarray(0, 33), Buffer.alloc(500, 7)]);
    const liar = await upload([['file', lying, 'photo.png', 'image/png']]);
    expect(liar.status).toBe(400);
    expect(liar.body.error).toBe('The file starts like a PNG image but cannot be read as one.');
    const fakeVideo = Buffer.concat([video.subarray(0, 32), Buffer.alloc(2000, 1)]);
    const fake = await upload([['file', fakeVideo, 'clip.mp4', 'video/mp4']]);
    expect(fake.status).toBe(400);
    expect(fake.body.error).toMatch(
      /^The file starts like an MP4 video but no frame could be read from it\.$/,
    );
    const empty = await upload([['file', Buffer.alloc(0), 'empty.png']]);
    expect(empty.status).toBe(400);
    const none = await upload([['other', png, 'photo.png']]);
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('The upload has no `file` part.');
    const json = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    // The refusals stored nothing.
    expect(await t.database.db.select({ id: siteMedia.id }).from(siteMedia)).toHaveLength(before);
  });

  it('refuses an image over 10 MB and any file over 25 MB with 413', async () => {
    const bigImage = Buffer.concat([png.subarray(0, 33), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const image = await upload([['file', bigImage, 'big.png']]);
    expect(image.status).toBe(413);
    expect(image.body.error).toBe('The image is larger than 10 MB.');
    const bigVideo = Buffer.concat([video, Buffer.alloc(25 * 1024 * 1024)]);
    const huge = await upload([['file', bigVideo, 'big.mp4']]);
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('The file is larger than 25 MB.');
  });

  it('refuses a decompression bomb (20,000 × 20,000 pixels) from its header, without decoding it', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload([['file', bomb, 'bomb.png']]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The image is 20000 × 20000 pixels: the site takes at most 40 megapixels.');
  });

  it('ignores the file name: NUL bytes and path parts in it change nothing', async () => {
    const boundary = '----site-media-test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../etc/pa\u0000ss\u0000wd.png"\r\nContent-Type: text/plain\r\n\r\n`,
        'latin1',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(`${base}${UPLOAD}`, {
      method: 'POST',
      body,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { kind: string }).kind).toBe('image');
  });

  it('stores the same bytes uploaded in parallel once', async () => {
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload([['file', bytes, 'same.png']])));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    const id = answers[0]!.body.id;
    expect(await t.database.db.select().from(siteMedia).where(eq(siteMedia.id, id))).toHaveLength(1);
    expect(
      await t.database.db
        .select({ name: siteMediaFiles.name })
        .from(siteMediaFiles)
        .where(eq(siteMediaFiles.mediaId, id)),
    ).toHaveLength(MEDIA_IMAGE_WIDTHS.length);
  });

  it('is for the signed-in admin only, from the site itself', async () => {
    const anonymous = await upload([['file', png, 'photo.png']], {});
    expect(anonymous.status).toBe(401);
    const crossSite = await upload([['file', png, 'photo.png']], { cookie, origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });

  it('serves nothing for unknown or malformed names', async () => {
    for (const name of [
      `${'0'.repeat(32)}.mp4`,
      'x.webp',
      '..%2f..%2fetc%2fpasswd',
      `${'a'.repeat(90)}.webp`,
    ]) {
      const res = await get(`/media/${name}`);
      expect(res.status, name).toBe(404);
    }
    // A NUL is refused before any query, as on every route.
    expect((await get(`/media/${'a'.repeat(32)}-1280.webp%00`)).status).toBe(400);
  });

  it('the clean-up deletes, after a day, the media no draft or version names', async () => {
    const kept = await upload([['file', jpeg, 'kept.jpg']]);
    const unused = await upload([
      [
        'file',
        await sharp({ create: { width: 32, height: 32, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ],
    ]);
    const draft = structuredClone(defaultSiteContent);
    draft.testimonials[0]!.photo = kept.body.url;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site/draft',
      headers: { cookie },
      payload: draft,
    });
    expect(saved.statusCode).toBe(200);
    // Within the grace period nothing goes.
    expect(await deleteUnreferencedMedia(t.database.db)).toBe(0);
    const later = new Date(Date.now() + UNREFERENCED_MEDIA_GRACE_MS + 60_000);
    expect(await deleteUnreferencedMedia(t.database.db, later)).toBeGreaterThan(0);
    expect((await get(unused.body.url)).status).toBe(404);
    expect((await get(kept.body.url)).status).toBe(200);
  });
});

describe.runIf(usingPostgres)('two instances on one PostgreSQL', () => {
  it('the second serves a media uploaded on the first', { timeout: 180_000 }, async () => {
    const t = await createTestApp();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir });
    const second = await buildApp({
      config,
      database: await openDatabase({ databaseUrl: t.database.url!, maxConnections: 2 }),
      pages: null,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const cookie = await signIn(t.app);
      const firstBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)]), 'photo.png');
      const res = await fetch(`${firstBase}${UPLOAD}`, { method: 'POST', body: form, headers: { cookie } });
      expect(res.status).toBe(200);
      const { url } = (await res.json()) as { url: string };
      const [one, two] = await Promise.all([fetch(`${firstBase}${url}`), fetch(`${secondBase}${url}`)]);
      expect(two.status).toBe(200);
      expect(two.headers.get('etag')).toBe(one.headers.get('etag'));
      expect(Buffer.from(await two.arrayBuffer()).equals(Buffer.from(await one.arrayBuffer()))).toBe(true);
    } finally {
      await second.close();
      await t.close();
    }
  });
});
