/**
 * Server rendering of the public pages, built to `dist/ssr/entry-server.js`. The server imports
 * it once at start, renders with the runtime `SiteConfig` and puts the markup in place of
 * `<!--app-html-->` in dist/web/index.html and dist/web/404.html.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { SiteConfig } from '@/shared/site';
import { islandContent, type SiteContent } from '@/shared/site-content';
import { defaultSiteContent } from '@/shared/site-content-default';
import { NotFound } from './components/not-found';
import { applyContent } from './landing/content';
import { LandingPage } from './landing/landing-page';
import { landingHead } from './landing/seo-head';

/**
 * The landing's markup (docs/product.md §3.1) for the published content document (decision 067;
 * the shipped default without one); the browser hydrates its islands with the same `site`
 * (docs/decisions/045-landing-islands-and-one-brand-mark.md) and the islands' slice of the
 * document, written after the markup as JSON (`<` escaped, so no text can close the element).
 */
export function renderLanding(site: SiteConfig, content: SiteContent = defaultSiteContent): string {
  applyContent(content);
  const data = JSON.stringify(islandContent(content)).replace(/</g, '\\u003c');
  return `${renderToString(
    <StrictMode>
      <LandingPage site={site} />
    </StrictMode>,
  )}<script type="application/json" id="site-content">${data}</script>`;
}

/**
 * The landing's `<head>` tags (title, description, canonical, Open Graph, Twitter, JSON-LD) for
 * the runtime brand settings; the server puts them in place of `<!--app-head-->`.
 * @param publicUrl public base URL without a trailing slash (`APP_URL`), when known.
 */
export function renderLandingHead(
  site: SiteConfig,
  publicUrl?: string,
  content: SiteContent = defaultSiteContent,
): string {
  applyContent(content);
  return landingHead(site, publicUrl);
}

/** The static '404 Page Not Found' markup (no hydration). `site` is taken for symmetry and later use. */
export function renderNotFound(_site: SiteConfig): string {
  return renderToString(<NotFound />);
}
