import { defaultSite, type SiteConfig } from '@/shared/site';

declare global {
  interface Window {
    /** Brand settings injected by the server into every page (`<!--app-state-->`). */
    __SITE__?: SiteConfig;
  }
}

/** The runtime brand settings the server injected as `window.__SITE__`, or {@link defaultSite}. */
export function getSite(): SiteConfig {
  if (typeof window === 'undefined') return defaultSite;
  return window.__SITE__ ?? defaultSite;
}
