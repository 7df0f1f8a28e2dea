import { Quote, Star } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import { type Testimonial, testimonialsSection } from '../content';
import { accentClasses } from '../lib/accents';

/**
 * One client story: quote, avatar (the uploaded photo or logo, else the initials), name, role,
 * company and industry (docs/product.md §3.1). An uploaded photo loads the smallest of its widths
 * that fills the 44 px circle: `photoSrcSet`, which the server computes (src/shared/site-media.ts,
 * decision 070) so the browser's code does not grow.
 */
export function TestimonialCard({
  testimonial,
  photoSrcSet,
  rating,
  compact = false,
}: {
  testimonial: Testimonial;
  /** The uploaded photo's `srcset` (`mediaSrcSet`), when it has one. */
  photoSrcSet?: string;
  /** Star rating (the mobile version shows 5, docs/product.md §3.1). */
  rating?: number;
  /** Tighter padding for the mobile layout. */
  compact?: boolean;
}) {
  const colors = accentClasses[testimonial.accentColor];
  // Only an uploaded file (a path): no photo ships with the build.
  const photo = testimonial.photo?.startsWith('/') ? testimonial.photo : undefined;
  return (
    <figure
      data-testid="testimonial-card"
      className={cn(
        'flex h-full flex-col rounded-2xl border border-white/10 bg-card/90',
        compact ? 'p-5' : 'p-6',
      )}
    >
      <div className="flex items-center justify-between">
        <Quote className={cn('size-7 opacity-80', colors.text)} aria-hidden="true" />
        <span className="rounded-full border border-white/10 px-2.5 py-0.5 text-xs text-muted-foreground">
          {testimonial.industry}
        </span>
      </div>
      {rating ? (
        <p className="mt-4 flex gap-0.5 text-amber-300">
          <span className="sr-only">{testimonialsSection.ratingLabel.replace('{n}', String(rating))}</span>
          {Array.from({ length: rating }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical stars
            <Star key={index} className="size-4 fill-current" aria-hidden="true" />
          ))}
        </p>
      ) : null}
      <blockquote className="mt-4 flex-1 text-[0.95rem] leading-relaxed text-foreground/90">
        “{testimonial.testimonial}”
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {photo ? (
          <img
            src={photo}
            srcSet={photoSrcSet}
            sizes={photoSrcSet ? '44px' : undefined}
            alt=""
            width={44}
            height={44}
            loading="lazy"
            decoding="async"
            className="size-11 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className={cn(
              'grid size-11 shrink-0 place-items-center rounded-full bg-linear-to-br text-sm font-bold text-white shadow-lg',
              colors.gradient,
              colors.glow,
            )}
          >
            {testimonial.initials}
          </span>
        )}
        <span className="grid text-sm">
          <span className="font-semibold">{testimonial.name}</span>
          <span className="text-muted-foreground">
            {testimonial.title}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
