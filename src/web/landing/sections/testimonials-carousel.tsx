import { ChevronLeft, ChevronRight } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/web/lib/utils';
import { TestimonialCard } from '../components/testimonial-card';
import { testimonials, testimonialsSection } from '../content';
import { type EmblaOptions, useLazyEmbla } from '../hooks/use-lazy-embla';
import type { IslandBaseProps } from '../islands/island';

/** Width from which the testimonials are a grid instead of a carousel (docs/product.md §14.1). */
const GRID_QUERY = '(min-width: 1024px)';
/** Where the strip is a carousel: only there is Embla downloaded. */
export const CAROUSEL_QUERY = 'not all and (min-width: 1024px)';
const ARROW_CLASS =
  'grid size-11 cursor-pointer place-items-center rounded-full border border-input bg-white/5 shadow-sm transition outline-none hover:bg-white/10 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:opacity-40';
const CAROUSEL_OPTIONS: EmblaOptions = {
  align: 'start',
  containScroll: 'trimSnaps',
  breakpoints: { [GRID_QUERY]: { active: false } },
};

/**
 * The stories of Client Success Stories (docs/product.md §3.1): 1 to 24 cards in an Embla carousel
 * with previous/next buttons below 1024 px, a grid from 1024 px (Embla switched off there) whose
 * cells the server placed (`cells`: each card's classes, lib/card-grid.ts, decision 070).
 * Before the script runs the strip scrolls natively, so every story stays readable. An island
 * hydrated only below 1024 px: from there up it is a grid that needs no script
 * (docs/decisions/045-landing-islands-and-one-brand-mark.md).
 */
export function TestimonialsCarousel({
  cells,
  photoSrcSets,
}: IslandBaseProps & {
  /** Each card's grid classes from 1024 px. */
  cells: string[];
  /** Each card's uploaded photo `srcset` (null: none), computed by the server. */
  photoSrcSets: (string | null)[];
}) {
  const [viewportRef, api, embla] = useLazyEmbla(CAROUSEL_OPTIONS, CAROUSEL_QUERY);
  const [ready, setReady] = React.useState(false);
  const [canPrev, setCanPrev] = React.useState(false);
  const [canNext, setCanNext] = React.useState(true);

  React.useEffect(() => {
    if (!api) return;
    setReady(true);
    const update = () => {
      setCanPrev(api.canScrollPrev());
      setCanNext(api.canScrollNext());
    };
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  return (
    <>
      <div
        ref={viewportRef}
        data-testid="testimonials-viewport"
        className={cn(
          'no-scrollbar mt-10 lg:overflow-visible',
          ready ? 'overflow-hidden' : 'snap-x snap-mandatory overflow-x-auto',
        )}
      >
        <ul className="-ml-5 flex touch-pan-y lg:-mx-2.5 lg:grid lg:grid-cols-24 lg:gap-y-5">
          {testimonials.map((testimonial, index) => (
            <li
              key={testimonial.name}
              className={cn(
                'min-w-0 shrink-0 grow-0 basis-full snap-start pl-5 sm:basis-1/2 lg:px-2.5',
                cells[index],
              )}
            >
              <TestimonialCard testimonial={testimonial} photoSrcSet={photoSrcSets[index] ?? undefined} />
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-8 flex justify-center gap-3 lg:hidden">
        <button
          type="button"
          className={ARROW_CLASS}
          aria-label={testimonialsSection.previous}
          disabled={ready && !canPrev}
          onClick={() => api?.scrollPrev()}
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={ARROW_CLASS}
          aria-label={testimonialsSection.next}
          disabled={ready && !canNext}
          onClick={() => api?.scrollNext()}
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
      {embla}
    </>
  );
}
