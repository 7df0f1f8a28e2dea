/**
 * Brand settings shown on the public site and in emails (docs/product.md §1.2: the brand name,
 * contact email and social link are configuration). The server reads them from the environment
 * (`SITE_NAME`, `SITE_SHORT_NAME`, `SITE_EMAIL`, `SITE_SOCIAL_URL`) and hands them to the pages.
 */
export interface SiteConfig {
  /** Full brand name, e.g. "Brightlane Studio". */
  name: string;
  /** Short name used in the splash tagline and compact places. */
  shortName: string;
  /** Public contact address shown on the site (docs/product.md §1.2 '{email}'). */
  email: string;
  /** External social-media profile linked from the hero. */
  socialUrl: string;
  /** True when the app runs with the built-in demo admin pair (docs/product.md §1.3). */
  demoMode: boolean;
}

export const defaultSite: SiteConfig = {
  name: 'Brightlane Studio',
  shortName: 'Brightlane',
  email: 'hello@brightlane.studio',
  socialUrl: 'https://www.instagram.com/brightlane.studio',
  demoMode: true,
};
