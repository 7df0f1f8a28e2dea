import escapeHtml from 'escape-html';
import type { SiteConfig } from '@/shared/site';
import { faqCategories, seo, withBrand } from './content';

/**
 * The landing's `<head>` tags (docs/product.md §3.7 'Prerendered… SEO'): title, description, canonical,
 * Open Graph and Twitter cards, icons and JSON-LD (Organization, ProfessionalService and the
 * FAQ as FAQPage). Built once at server start for the runtime brand settings.
 * @param publicUrl the site's public base URL without a trailing slash (`APP_URL`); without it
 *   the canonical link and `og:url` are left out (a relative canonical is invalid) and the
 *   Open Graph image URL is relative.
 * @returns HTML to put in place of `<!--app-head-->`.
 */
export function landingHead(site: SiteConfig, publicUrl?: string): string {
  const title = withBrand(seo.title, site);
  const description = withBrand(seo.description, site);
  const home = publicUrl ? `${publicUrl}/` : undefined;
  const image = `${publicUrl ?? ''}${seo.ogImage}`;
  const attr = (value: string) => escapeHtml(value);
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${attr(content)}" />`;

  const organization = {
    '@type': 'Organization',
    '@id': `${home ?? '/'}#organization`,
    name: site.name,
    alternateName: site.shortName,
    email: site.email,
    sameAs: [site.socialUrl],
    logo: `${publicUrl ?? ''}/icon-512.png`,
    ...(home ? { url: home } : {}),
  };
  const service = {
    '@type': 'ProfessionalService',
    name: site.name,
    description,
    email: site.email,
    image,
    serviceType: seo.serviceType,
    provider: { '@id': organization['@id'] },
    ...(home ? { url: home } : {}),
  };
  const faq = {
    '@type': 'FAQPage',
    mainEntity: faqCategories.flatMap((category) =>
      category.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    ),
  };
  const jsonLd = JSON.stringify({ '@context': 'https://schema.org', '@graph': [organization, service, faq] })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e');

  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    home ? `<link rel="canonical" href="${attr(home)}" />` : '',
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    home ? meta('property', 'og:url', home) : '',
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(seo.ogImageSize.width)),
    meta('property', 'og:image:height', String(seo.ogImageSize.height)),
    meta('property', 'og:image:alt', withBrand(seo.ogImageAlt, site)),
    meta('property', 'og:locale', 'en_US'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    `<script type="application/ld+json">${jsonLd}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
}
