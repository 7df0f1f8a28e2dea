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
 */
export function useLazyEmbla(
  options: EmblaOptions,
): [React.RefCallback<HTMLElement>, EmblaApi | undefined, React.ReactNode] {
  const [viewport, setViewport] = React.useState<HTMLElement | null>(null);
  const [api, setApi] = React.useState<EmblaApi | undefined>(undefined);
  const [ControllerComponent, setControllerComponent] = React.useState<Controller | null>(null);

  React.useEffect(() => {
    let cancelled = false;
    void loadController().then((component) => {
      if (!cancelled) setControllerComponent(() => component);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const controller =
    ControllerComponent && viewport ? (
      <ControllerComponent viewport={viewport} options={options} onApi={setApi} />
    ) : null;
  return [setViewport, api, controller];
}
