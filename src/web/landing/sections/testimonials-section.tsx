import type { SiteConfig } from '@/shared/site';
import { mediaSrcSet } from '@/shared/site-media';
import { testimonials, testimonialsSection } from '../content';
import { Island } from '../islands/island';
import { gridCells } from '../lib/card-grid';
import { SectionHeading } from './section-heading';
import { CAROUSEL_QUERY, TestimonialsCarousel } from './testimonials-carousel';

/**
 * Client Success Stories (id `testimonials`, docs/product.md §3.1): the heading (server HTML) and the
 * stories, an island that hydrates only where they are a carousel (below 1024 px). From 1024 px
 * the stories sit in balanced, centred rows of at most three (lib/card-grid.ts), whose places the
 * server computes and gives the island as props (decision 070).
 */
export function TestimonialsSection({ site }: { site: SiteConfig }) {
  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="relative scroll-mt-16 py-12">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-title"
          eyebrow={testimonialsSection.eyebrow}
          title={testimonialsSection.title}
          intro={testimonialsSection.intro}
        />
        <Island
          name="testimonials-carousel"
          component={TestimonialsCarousel}
          site={site}
          props={{
            cells: gridCells(testimonials.length, 'lg', 3, 2),
            photoSrcSets: testimonials.map((t) => (t.photo ? (mediaSrcSet(t.photo) ?? null) : null)),
          }}
          media={CAROUSEL_QUERY}
        />
      </div>
    </section>
  );
}
