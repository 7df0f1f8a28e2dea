/**
 * The landing with more content than it ships (decision 070's target: 8 projects and 12
 * testimonials with uploaded media), published on a running server through the admin API as an
 * owner would: sign in with the demo pair, upload a project video (one second made by Debian's
 * ffmpeg, as the media tests make theirs) and a photo (made by sharp), put the draft, publish.
 * For `npm run bench:landing -- --larger` and the landing rows of `npm run bench` (landing.ts).
 * @throws when a step is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { defaultSiteContent } from '../src/shared/site-content-default.ts';
import { makeVideo } from '../tests/api/helpers/media-files.ts';
import { adminCookieOverHttp } from './lib.ts';

export async function publishLargerContent(url: string, projects = 8, testimonials = 12): Promise<void> {
  const headers = { origin: url, 'sec-fetch-site': 'same-origin', cookie: await adminCookieOverHttp(url) };

  const upload = async (name: string, type: string, bytes: Buffer) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${url}/api/admin/site/media`, { method: 'POST', headers, body });
    if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { url: string; poster: { url: string } | null };
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-'));
  const video = await upload('clip.mp4', 'video/mp4', makeVideo(dir));
  fs.rmSync(dir, { recursive: true, force: true });
  const photoBytes = await sharp({
    create: { width: 800, height: 800, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const photo = await upload('photo.jpg', 'image/jpeg', photoBytes);

  const shipped = defaultSiteContent;
  const doc = structuredClone(shipped);
  doc.projects = Array.from({ length: projects }, (_, i) => {
    const base = shipped.projects[i % shipped.projects.length]!;
    return i < shipped.projects.length
      ? base
      : {
          ...base,
          id: `bench-project-${i + 1}`,
          name: `${base.name} ${i + 1}`,
          video: { mp4: video.url, poster: video.poster!.url },
        };
  });
  doc.testimonials = Array.from({ length: testimonials }, (_, i) => {
    const base = shipped.testimonials[i % shipped.testimonials.length]!;
    return { ...base, name: `${base.name} ${i + 1}`, ...(i % 2 === 0 ? { photo: photo.url } : {}) };
  });
  const put = await fetch(`${url}/api/admin/site/draft`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
  if (!put.ok) throw new Error(`draft: ${put.status} ${await put.text()}`);
  const publish = await fetch(`${url}/api/admin/site/publish`, { method: 'POST', headers });
  if (!publish.ok) throw new Error(`publish: ${publish.status} ${await publish.text()}`);
}
