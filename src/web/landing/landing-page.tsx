import * as React from 'react';
import type { SiteConfig } from '@/shared/site';
import { ContactDialogProvider } from './components/contact-dialog';
import { Deferred } from './components/deferred';
import { DeferredToaster } from './components/deferred-toaster';
import { IntroSplash } from './components/intro-splash';
import { motionPaused, onMotionChange } from './lib/motion';

/** A layout component: the desktop page or the mobile pages. */
export type LayoutComponent = React.ComponentType<{ site: SiteConfig }>;

const loadAmbient = () => import('./components/ambient-layer').then((module) => module.AmbientLayer);

/**
 * The public landing page (spec §2). Rendered to HTML on the server with the runtime
 * `SiteConfig` and hydrated in the browser with the same config, so both renders match.
 *
 * Both layouts are in the markup and CSS shows one: the desktop page (768 px and up) and the
 * mobile page (three swiped pages). Each sits in its own Suspense boundary; the browser entry
 * passes the visible layout already loaded and the hidden one as a lazy component that loads only
 * if the viewport crosses 768 px, so only the visible layout's code is fetched and hydrated (the
 * hidden one keeps its server HTML). Its props therefore never change after the first render.
 * Client-only extras (hexagon grid, bouncing logo, section buttons, toasts) load after hydration.
 */
export function LandingPage({
  site,
  layouts,
}: {
  site: SiteConfig;
  layouts: { Desktop: LayoutComponent; Mobile: LayoutComponent };
}) {
  React.useEffect(() => {
    // Lets tests (and tools) know the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
    const sync = () => {
      if (motionPaused()) document.documentElement.dataset.motionPaused = '';
      else delete document.documentElement.dataset.motionPaused;
    };
    sync();
    return onMotionChange(sync);
  }, []);

  return (
    <ContactDialogProvider siteEmail={site.email}>
      <IntroSplash site={site} />
      <div className="relative isolate min-h-screen overflow-x-clip">
        <div aria-hidden="true" className="bg-aurora pointer-events-none fixed inset-0 -z-20" />
        <div className="hidden md:block" data-testid="desktop-layout">
          <React.Suspense fallback={null}>
            <layouts.Desktop site={site} />
          </React.Suspense>
        </div>
        <div className="md:hidden" data-testid="mobile-layout">
          <React.Suspense fallback={null}>
            <layouts.Mobile site={site} />
          </React.Suspense>
        </div>
      </div>
      <Deferred load={loadAmbient} props={{}} />
      {/* Outside the isolated wrapper so toasts stack above the dialog's overlay. */}
      <DeferredToaster />
    </ContactDialogProvider>
  );
}
