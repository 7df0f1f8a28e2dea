import type { SiteConfig } from '@/shared/site';
import { DesktopLanding } from './desktop/desktop-landing';
import { Island } from './islands/island';
import { LandingShell } from './islands/small-islands';
import { MobileLanding } from './mobile/mobile-landing';
import { MobileIntroPage, MobileStartPage, MobileWorkPage } from './mobile/mobile-pages';

/**
 * The public landing page (docs/product.md §3.1), rendered to HTML on the server with the runtime
 * `SiteConfig`. Both layouts are in the markup and CSS shows one: the desktop page (768 px and
 * up) and the mobile page (three swiped pages).
 *
 * The browser never hydrates this tree as a whole: only its islands (the page shell with the
 * splash, dialog, toaster and ambient layer; the hero and call-out buttons; the videos; the
 * contact forms; the mobile pager; the testimonial carousel below 1024 px) become React roots,
 * each with the props the server wrote beside it, and only those of the layout on screen
 * (entry-client.tsx, docs/decisions/045-landing-islands-and-one-brand-mark.md). The rest stays
 * server HTML: no script walks it.
 */
export function LandingPage({ site }: { site: SiteConfig }) {
  return (
    <>
      <Island name="shell" component={LandingShell} site={site} />
      <div className="relative isolate min-h-screen overflow-x-clip">
        <div aria-hidden="true" className="bg-aurora pointer-events-none fixed inset-0 -z-20" />
        <div className="hidden md:block" data-testid="desktop-layout" data-layout="desktop">
          <DesktopLanding site={site} />
        </div>
        <div className="md:hidden" data-testid="mobile-layout" data-layout="mobile">
          <Island
            name="mobile"
            component={MobileLanding}
            site={site}
            serverProps={{
              pageContent: [
                <MobileIntroPage key="intro" site={site} />,
                <MobileWorkPage key="work" site={site} />,
                <MobileStartPage key="start" site={site} />,
              ],
            }}
          />
        </div>
      </div>
    </>
  );
}
