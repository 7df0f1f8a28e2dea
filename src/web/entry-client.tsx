/**
 * Browser entry of the public landing (index.html): hydrates the server-rendered markup with the
 * same `SiteConfig` the server rendered it with (`window.__SITE__`). Without prerendered markup
 * (e.g. `vite` dev server) it renders from scratch instead.
 *
 * Only the layout on screen is loaded and hydrated (desktop from 768 px, mobile below): the
 * other one keeps its server HTML until the viewport crosses the breakpoint (see LandingPage).
 */
import { lazy, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage, type LayoutComponent } from './landing/landing-page';
import { MOBILE_QUERY } from './landing/lib/motion';
import { getSite } from './lib/site';

const loadDesktop = () => import('./landing/desktop/desktop-landing').then((module) => module.DesktopLanding);
const loadMobile = () => import('./landing/mobile/mobile-landing').then((module) => module.MobileLanding);

/** A lazy layout whose code loads only once the viewport matches `query` (`matches` = now). */
function lazyWhen(
  load: () => Promise<LayoutComponent>,
  query: MediaQueryList,
  wanted: boolean,
): LayoutComponent {
  return lazy(
    () =>
      new Promise<{ default: LayoutComponent }>((resolve) => {
        const check = () => {
          if (query.matches !== wanted) return;
          query.removeEventListener('change', check);
          void load().then((component) => resolve({ default: component }));
        };
        query.addEventListener('change', check);
        check();
      }),
  );
}

/** Loads the visible layout, then hydrates (or renders) the page. */
async function start(container: HTMLElement): Promise<void> {
  const mobileQuery = window.matchMedia(MOBILE_QUERY);
  const isMobile = mobileQuery.matches;
  const visible = await (isMobile ? loadMobile() : loadDesktop());
  const layouts = isMobile
    ? { Mobile: visible, Desktop: lazyWhen(loadDesktop, mobileQuery, false) }
    : { Desktop: visible, Mobile: lazyWhen(loadMobile, mobileQuery, true) };
  const app = (
    <StrictMode>
      <LandingPage site={getSite()} layouts={layouts} />
    </StrictMode>
  );
  if (container.firstElementChild) {
    // A transition, so React hydrates in time slices that yield to the browser (an event that
    // arrives meanwhile is handled first) instead of one long task: the server HTML is already on
    // screen, so nothing waits for it (decision 028, Lighthouse TBT).
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element.');
// Not a top-level await: the layout chunks import this chunk, which must finish evaluating first.
void start(container);
