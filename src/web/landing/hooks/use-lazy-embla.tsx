import type useEmblaCarousel from 'embla-carousel-react';
import type { UseEmblaCarouselType } from 'embla-carousel-react';
import * as React from 'react';

/** Embla's API object once it runs on the element. */
export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;
/** Embla's options (see embla-carousel-react). */
export type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

type Controller = typeof import('../components/embla-controller').EmblaController;
const loadController = () =>
  import('../components/embla-controller').then((module) => module.EmblaController);

/**
 * Embla (embla-carousel-react) loaded after hydration: returns the ref for the carousel's
 * viewport, the API once Embla runs (undefined until then), and an element to render anywhere
 * in the component (it mounts the lazily loaded controller). Until Embla runs, the markup
 * scrolls natively with CSS snap points. `options` must be stable (memoise it).
 *
 * `activeQuery` (a media query) limits the download to viewports where the carousel is one:
 * Embla (~7 KB brotli) loads only once the query matches, e.g. never on a wide screen where the
 * strip is a grid (decision 028). Left out, it loads right after hydration.
 */
export function useLazyEmbla(
  options: EmblaOptions,
  activeQuery?: string,
): [React.RefCallback<HTMLElement>, EmblaApi | undefined, React.ReactNode] {
  const [viewport, setViewport] = React.useState<HTMLElement | null>(null);
  const [api, setApi] = React.useState<EmblaApi | undefined>(undefined);
  const [ControllerComponent, setControllerComponent] = React.useState<Controller | null>(null);

  React.useEffect(() => {
    let cancelled = false;
    const query = activeQuery ? window.matchMedia(activeQuery) : null;
    const load = () => {
      if (query && !query.matches) return;
      query?.removeEventListener('change', load);
      void loadController().then((component) => {
        if (!cancelled) setControllerComponent(() => component);
      });
    };
    query?.addEventListener('change', load);
    load();
    return () => {
      cancelled = true;
      query?.removeEventListener('change', load);
    };
  }, [activeQuery]);

  const controller =
    ControllerComponent && viewport ? (
      <ControllerComponent viewport={viewport} options={options} onApi={setApi} />
    ) : null;
  return [setViewport, api, controller];
}
