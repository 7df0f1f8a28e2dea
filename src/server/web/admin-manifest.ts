import type { SiteConfig } from '../../shared/site.ts';

/** The admin's colours: the page's `theme-color` and the background its icons are drawn on. */
const THEME = '#0b0d1f';
const BACKGROUND = '#0c0f24';

/**
 * The installable admin's web app manifest (decision 071; served at /admin.webmanifest): the
 * admin opens from a phone's home screen as its own window (`standalone`) at /admin, and stays
 * within /admin. Icons: the brand mark at 192 and 512 px, and maskable versions whose mark sits
 * in the central safe zone (scripts/generate-assets.ts `--only=admin-icons`).
 */
export function adminManifest(site: Pick<SiteConfig, 'name' | 'shortName'>): string {
  return JSON.stringify({
    id: '/admin',
    name: `${site.name} Admin`,
    short_name: `${site.shortName} Admin`.length <= 12 ? `${site.shortName} Admin` : site.shortName,
    description: `The private CRM of ${site.name}: leads, replies, tasks and clients.`,
    start_url: '/admin',
    scope: '/admin',
    display: 'standalone',
    orientation: 'any',
    background_color: BACKGROUND,
    theme_color: THEME,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
}
