import useEmblaCarousel from 'embla-carousel-react';
import * as React from 'react';
import type { EmblaApi, EmblaOptions } from '../hooks/use-lazy-embla';

/**
 * Attaches Embla (embla-carousel-react) to an element that is already on the page. Loaded after
 * hydration by {@link useLazyEmbla}, so Embla stays out of the landing's first load.
 */
export function EmblaController({
  viewport,
  options,
  onApi,
}: {
  viewport: HTMLElement;
  options: EmblaOptions;
  onApi: (api: EmblaApi | undefined) => void;
}) {
  const [ref, api] = useEmblaCarousel(options);
  React.useEffect(() => {
    ref(viewport);
    return () => ref(null);
  }, [ref, viewport]);
  React.useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
