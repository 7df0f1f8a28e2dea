import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { publishDraft, saveDraft } from '../../src/server/site/site-content.ts';
import { loadPages } from '../../src/server/web/load-pages.ts';
import type { SiteContent } from '../../src/shared/site-content.ts';
import { defaultSiteContent } from '../../src/shared/site-content-default.ts';
import { createTestApp, signIn, type TestApp, usingPostgres } from './helpers/test-app.ts';

/**
 * 'Publish at' (decision 069): the draft, as it is when the time passes, is published by the
 * worker loop in the name of whoever set it, once however many instances poll; a cleared time
 * publishes nothing; times in the past, too far ahead or not times at all are refused.
 */

const fixtureDist = new URL('./fixtures/dist', import.meta.url).pathname;
const draftWith = (intro: string): SiteContent => ({
  ...structuredClone(defaultSiteContent),
  hero: { ...defaultSiteContent.hero, intro },
});
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the draft's 'Publish at'", () => {
  let t: TestApp;
  let cookie: string;
  const api = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const state = async () => (await api('GET', '/api/admin/site')).json();

  beforeAll(async () => {
    t = await createTestApp({}, { withPages: true, app: { siteSchedulePollMs: 200 } });
    cookie = await signIn(t.app);
  }, 180_000);
  afterAll(async () => t?.close());

  it('is signed-in only', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/admin/site/schedule',
        payload: { publishAt: inMs(60_000) },
      });
      expect(res.statusCode, method).toBe(401);
    }
  });

  it('refuses a time in the past, more than a year ahead, or not a time', async () => {
    for (const publishAt of [inMs(-3_600_000), inMs(400 * 86_400_000), 'tomorrow', '', 42, null, 'x\u0000']) {
      const res = await api('PUT', '/api/admin/site/schedule', { publishAt });
      expect(res.statusCode, String(publishAt)).toBe(400);
      expect(res.json().details.fieldErrors.publishAt).toBeDefined();
    }
    expect((await state()).publishAt).toBeNull();
  });

  it('publishes the draft as it is when the time passes, in the name of who set it', {
    timeout: 60_000,
  }, async () => {
    const { version } = await state();
    expect((await api('PUT', '/api/admin/site/draft', draftWith('Scheduled, first text'))).statusCode).toBe(
      200,
    );
    const set = await api('PUT', '/api/admin/site/schedule', { publishAt: inMs(1500) });
    expect(set.statusCode).toBe(200);
    expect((await state()).publishAt).toBe(set.json().publishAt);
    // Edited after scheduling: the later text is the one published.
    expect((await api('PUT', '/api/admin/site/draft', draftWith('Scheduled, later text'))).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).not.toContain('Scheduled, later text');

    let now = await state();
    for (let i = 0; i < 100 && now.version === version; i++) {
      await sleep(200);
      now = await state();
    }
    expect(now.version).toBe(version + 1);
    expect(now.publishAt).toBeNull();
    expect(now.unpublishedChanges).toBe(false);
    const [latest] = (await api('GET', '/api/admin/site/versions')).json();
    expect(latest).toMatchObject({ version: version + 1, publishedBy: 'admin', summary: 'hero changed' });
    // The same worker pass renders the new landing after publishing it.
    let landing = '';
    for (let i = 0; i < 150 && !landing.includes('Scheduled, later text'); i++) {
      await sleep(200);
      landing = (await t.app.inject({ method: 'GET', url: '/' })).body;
    }
    expect(landing).toContain('Scheduled, later text');
  });

  it("names a version live only once this instance's landing shows it", { timeout: 30_000 }, async () => {
    // As the worker's scheduled publish, or another instance's: committed before this instance
    // has rendered it. The editor's state waits for the render, so 'is live' is true when said.
    for (const intro of ['Live in the database first', 'And a second time']) {
      await saveDraft(t.database.db, draftWith(intro), 'admin');
      const { version } = await publishDraft(t.database.db, 'admin');
      const now = await state();
      expect(now.version).toBe(version);
      expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain(intro);
    }
  });

  it('publishes nothing once cleared', { timeout: 30_000 }, async () => {
    const { version } = await state();
    await api('PUT', '/api/admin/site/draft', draftWith('Never published'));
    expect((await api('PUT', '/api/admin/site/schedule', { publishAt: inMs(800) })).statusCode).toBe(200);
    expect((await api('DELETE', '/api/admin/site/schedule')).statusCode).toBe(204);
    await sleep(2000);
    const now = await state();
    expect(now.version).toBe(version);
    expect(now.publishAt).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).not.toContain('Never published');
  });
});

describe.runIf(usingPostgres)("'Publish at' with two instances on one PostgreSQL", () => {
  it('makes exactly one version, served by both', { timeout: 180_000 }, async () => {
    const t = await createTestApp({}, { withPages: true });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir });
    const second = await buildApp({
      config,
      database: await openDatabase({ databaseUrl: t.database.url!, maxConnections: 2 }),
      pages: await loadPages(fixtureDist, { ...config.site, demoMode: config.demoMode }),
    });
    await second.ready();
    try {
      const cookie = await signIn(t.app);
      const api = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
        t.app.inject({
          method,
          url,
          headers: { cookie },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      await api('PUT', '/api/admin/site/draft', draftWith('Scheduled on two instances'));
      expect((await api('PUT', '/api/admin/site/schedule', { publishAt: inMs(1000) })).statusCode).toBe(200);
      for (let i = 0; i < 150 && second.publishedSite?.version !== 2; i++) await sleep(200);
      expect(second.publishedSite?.version).toBe(2);
      for (let i = 0; i < 50 && t.app.publishedSite?.version !== 2; i++) await sleep(200);
      expect(t.app.publishedSite?.version).toBe(2);
      await sleep(1500);
      const versions = (await api('GET', '/api/admin/site/versions')).json();
      expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      expect((await second.inject({ method: 'GET', url: '/' })).body).toContain('Scheduled on two instances');
    } finally {
      await second.close();
      await t.close();
    }
  });
});
