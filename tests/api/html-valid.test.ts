/**
 * The pages the server sends pass the W3C Nu HTML Checker (vnu-jar, run on the machine's Java) with
 * no errors: the landing as rendered from the real build, the admin shell and the 404 page.
 * `npm test` installs a Java runtime when missing (scripts/test.mjs).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPages } from '../../src/server/web/load-pages.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** The checker's jar from the `vnu-jar` package (its Java downloader is never run: the machine's Java is). */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const dist = path.resolve(import.meta.dirname, '../../dist');
const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Runs vnu over the files; @returns its error messages (warnings and info left out). */
function vnuErrors(files: string[]): VnuMessage[] {
  const result = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', ...files], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.error) throw result.error;
  // vnu writes its JSON report to standard error and exits 1 when it found an error.
  const report = JSON.parse(result.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  return report.messages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
}

describe('the served HTML passes the Nu HTML Checker', { timeout: 180_000 }, () => {
  let t: TestApp;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-vnu-'));

  beforeAll(async () => {
    t = await createTestApp();
    const config = t.app.config;
    const pages = await loadPages(dist, { ...config.site, demoMode: config.demoMode });
    if (!pages) throw new Error('no build in dist/: run npm run build');
    await t.close();
    t = await createTestApp({}, { app: { pages } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('the landing, the admin shell and the 404 page have no errors; a bad page has (it can fail)', async () => {
    const files: string[] = [];
    for (const [name, url] of [
      ['landing', '/'],
      ['admin', '/admin/login'],
      ['not-found', '/no-such-page'],
    ] as const) {
      const res = await t.app.inject({ url, headers: { 'user-agent': PERSON } });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const file = path.join(folder, `${name}.html`);
      fs.writeFileSync(file, res.body);
      files.push(file);
    }
    // One checker run (a Java start is seconds), with a page that must fail beside the real ones.
    const bad = path.join(folder, 'bad.html');
    fs.writeFileSync(
      bad,
      '<!doctype html><html lang="en"><head><title>x</title></head><body><ol><span>x</span></ol><main></main><main></main></body></html>',
    );
    const messages = vnuErrors([...files, bad]).map((m) => ({
      file: path.basename(new URL(m.url).pathname),
      text: `${m.lastLine}: ${m.message} ${m.extract ?? ''}`,
    }));
    expect(messages.filter((m) => m.file !== 'bad.html')).toEqual([]);
    expect(messages.filter((m) => m.file === 'bad.html').length).toBeGreaterThanOrEqual(2);
  });
});
