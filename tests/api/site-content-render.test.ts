import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { loadPages } from '../../src/server/web/load-pages.ts';
import type { SiteContent } from '../../src/shared/site-content.ts';
import { defaultSiteContent } from '../../src/shared/site-content-default.ts';

/**
 * The real server-rendering bundle (dist/ssr, built by the global setup) renders the content
 * document it is given (decision 067): texts as text, never HTML; the islands' slice as inert JSON;
 * the phone page's testimonials by their 'show on phones' mark; and the shipped content when none
 * is given, as before.
 */

const dist = path.resolve(import.meta.dirname, '../../dist');
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' });
const site = { ...config.site, demoMode: config.demoMode };

async function landingHtml(content?: SiteContent): Promise<string> {
  const pages = await loadPages(dist, site, content ? { content: { document: content, version: 2 } } : {});
  if (!pages) throw new Error('dist/web is not built');
  return pages.landing.identity.toString();
}

/** The HTML of the phone layout's testimonials section. */
function phoneTestimonials(html: string): string {
  const start = html.indexOf('id="m-testimonials-title"');
  const end = html.indexOf('id="m-process-title"', start);
  expect(start).toBeGreaterThan(0);
  return html.slice(start, end);
}

describe('the landing rendered from the content document', () => {
  it('shows the shipped content without a document, and the same page with it', {
    timeout: 120_000,
  }, async () => {
    const withoutDocument = await landingHtml();
    expect(withoutDocument).toContain(defaultSiteContent.testimonials[0]!.testimonial);
    expect(await landingHtml(defaultSiteContent)).toBe(withoutDocument);
  });

  it('renders HTML-looking texts as text, in the page, the head and the islands JSON', {
    timeout: 120_000,
  }, async () => {
    const doc = structuredClone(defaultSiteContent);
    doc.testimonials[0]!.testimonial = 'Great work <script>alert(1)</script> & more';
    doc.testimonials[0]!.name = '</script><img src=x onerror=alert(2)>';
    doc.seo.title = '</title><script>alert(3)</script>';
    doc.hero.primaryCta = 'Start <b>now</b>';
    const html = await landingHtml(doc);
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>now</b>');
    expect(html).toContain('Great work &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    // The islands' slice is inert JSON that no text can close.
    const json = html.match(/<script type="application\/json" id="site-content">([\s\S]*?)<\/script>/)?.[1];
    expect(json).toBeDefined();
    expect(JSON.parse(json!).testimonials[0].name).toBe('</script><img src=x onerror=alert(2)>');
    expect(JSON.parse(json!).hero.primaryCta).toBe('Start <b>now</b>');
  });

  it("shows on the phone page the testimonials marked 'show on phones', in order", {
    timeout: 120_000,
  }, async () => {
    const doc = structuredClone(defaultSiteContent);
    for (const [index, testimonial] of doc.testimonials.entries()) testimonial.showOnPhones = index >= 4;
    const phone = phoneTestimonials(await landingHtml(doc));
    const names = doc.testimonials.map((t) => t.name);
    expect(names.filter((name) => phone.includes(name))).toEqual(names.slice(4));
  });
});
