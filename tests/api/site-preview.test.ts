import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteContent } from '../../src/shared/site-content.ts';
import { defaultSiteContent } from '../../src/shared/site-content-default.ts';
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts';

/**
 * The draft's preview (decision 069): `GET /api/admin/site/preview` renders the landing from the
 * draft with the same render as a publish, for a signed-in admin only, never cached, never
 * indexed, framable by the site's own pages only; the public landing keeps the live version.
 */

describe('the preview of the site draft', () => {
  let t: TestApp;
  let cookie: string;

  const draft = (intro: string): SiteContent => ({
    ...structuredClone(defaultSiteContent),
    hero: { ...defaultSiteContent.hero, intro },
  });
  const preview = (headers: Record<string, string | undefined> = { cookie }) =>
    t.app.inject({ method: 'GET', url: '/api/admin/site/preview', headers });

  beforeAll(async () => {
    t = await createTestApp({}, { withPages: true });
    cookie = await signIn(t.app);
  }, 180_000);
  afterAll(async () => t?.close());

  it('answers 401 without a session, and with a forged or expired one', async () => {
    for (const headers of [{}, { cookie: 'sid=forged' }, { cookie: `${cookie}x` }]) {
      const res = await preview(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: expect.any(String) });
      expect(res.body).not.toContain('<h1>');
    }
  });

  it('renders the draft, not the live site, with no-store, noindex and same-origin framing only', async () => {
    const text = `Preview only <script>alert(1)</script> ${Date.now()}`;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/site/draft',
      headers: { cookie },
      payload: draft(text),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await preview();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("frame-ancestors 'none'");
    // The text as text: the fixture bundle escapes as React does.
    expect(res.body).toContain('Preview only &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(res.body).not.toContain('<script>alert(1)');

    // Visitors get the live version, and every other page stays unframable.
    const landing = await t.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).not.toContain('Preview only');
    expect(landing.body).toContain(defaultSiteContent.hero.intro.slice(0, 20));
    expect(String(landing.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('follows the draft as it changes, and answers a burst of requests with the same page', async () => {
    for (const text of ['First draft text', 'Second draft text']) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/site/draft',
        headers: { cookie },
        payload: draft(text),
      });
      expect(saved.statusCode).toBe(200);
      const burst = await Promise.all(Array.from({ length: 8 }, () => preview()));
      for (const res of burst) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(text);
      }
      expect(new Set(burst.map((res) => res.body)).size).toBe(1);
    }
  });

  it('ignores what the query says (only the stored draft is rendered)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/site/preview?v=1&draft=%3Cscript%3E&v=%00',
      headers: { cookie },
    });
    expect([200, 400]).toContain(res.statusCode);
    expect(res.body).not.toContain('<script>');
  });
});

describe('the preview without a built front end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => t?.close());

  it('answers 503 with an error, not a page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/site/preview',
      headers: { cookie: await signIn(t.app) },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(/not built/);
  });
});
