import { ArrowUpRight, Check } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import { services, servicesSection } from '../content';
import { accentClasses } from '../lib/accents';
import { FeatureCard } from './feature-card';
import { SectionHeading } from './section-heading';

/**
 * The services (id `services`, docs/product.md §3.1): six cards as a bento grid. The first service is the
 * featured one, two columns and two rows wide with its proof points as large lines, so the
 * section opens on the agency's main offer instead of six equal tiles
 * (docs/decisions/045-landing-islands-and-one-brand-mark.md).
 */
export function ServicesSection() {
  const [featured, ...others] = services;
  if (!featured) return null;
  const { title, description, icon: Icon, accent, points } = featured;
  const colors = accentClasses[accent];
  return (
    <section id="services" aria-labelledby="services-title" className="relative scroll-mt-16 py-12">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="services-title"
          eyebrow={servicesSection.eyebrow}
          title={servicesSection.title}
          intro={servicesSection.intro}
          className="lg:mx-0 lg:max-w-xl lg:text-left"
        />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <li
            data-testid="featured-service"
            className="relative overflow-hidden rounded-3xl border border-white/10 bg-linear-to-br from-brand-cyan/20 via-card/90 to-brand-blue/20 p-8 sm:col-span-2 lg:row-span-2 lg:p-10"
          >
            <div
              aria-hidden="true"
              className="absolute -right-16 -bottom-20 size-80 rounded-full bg-brand-cyan/20 blur-3xl"
            />
            <div aria-hidden="true" className="bg-grid absolute inset-0 opacity-60" />
            <div className="relative flex h-full flex-col">
              <span className={cn('grid size-14 place-items-center rounded-2xl ring-1', colors.iconTile)}>
                <Icon className="size-7" aria-hidden="true" />
              </span>
              <h3 className="mt-8 max-w-md text-3xl leading-tight font-bold tracking-tight lg:text-4xl">
                {title}
              </h3>
              <p className="mt-4 max-w-lg text-lg leading-relaxed text-muted-foreground">{description}</p>
              {points ? (
                <ul className="mt-auto grid gap-3 pt-10 sm:grid-cols-2">
                  {points.map((point) => (
                    <li
                      key={point}
                      className="flex items-center gap-3 rounded-2xl border border-white/10 bg-background/50 px-4 py-3 font-medium"
                    >
                      <Check className={cn('size-4', colors.text)} aria-hidden="true" />
                      {point}
                    </li>
                  ))}
                </ul>
              ) : null}
              <ArrowUpRight aria-hidden="true" className="absolute top-0 right-0 size-8 text-white/30" />
            </div>
          </li>
          {others.map((service) => (
            <FeatureCard key={service.title} card={service} />
          ))}
        </ul>
      </div>
    </section>
  );
}
