import * as React from 'react';
import { BouncingLogo } from './bouncing-logo';
import { HexGridBackground } from './hex-grid-background';

/** Where the previous/next section buttons show (docs/product.md §3.4, §14.1: from 1024 px). */
const SECTION_NAV_QUERY = '(min-width: 1024px)';

const SectionNav = React.lazy(() =>
  import('./section-nav').then((module) => ({ default: module.SectionNav })),
);

/** True while `query` matches; false on the server and in the first client render. */
function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = React.useState(false);
  React.useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/**
 * The landing's client-only extras (docs/product.md §3.4), loaded after hydration in
 * their own chunk: the hexagon-grid background, the bouncing logo and, from 1024 px only, the
 * previous/next section buttons (their own chunk: a phone never downloads them, decision 028).
 */
export function AmbientLayer() {
  const wide = useMediaQuery(SECTION_NAV_QUERY);
  const [navWanted, setNavWanted] = React.useState(false);
  // Once shown, the buttons stay mounted (CSS hides them below 1024 px) so their state survives.
  if (wide && !navWanted) setNavWanted(true);
  return (
    <>
      <HexGridBackground />
      <BouncingLogo />
      {navWanted ? (
        <React.Suspense fallback={null}>
          <SectionNav />
        </React.Suspense>
      ) : null}
    </>
  );
}
