import { cn } from '@/web/lib/utils';
import { aboutCards, aboutSection } from '../content';
import { accentClasses } from '../lib/accents';
import { SectionHeading } from './section-heading';

/**
 * About (id `about`, docs/product.md §3.1): Team-Led Expertise, 12+ Years in Tech, Problem-Solving DNA, set
 * as editorial columns under a coloured rule (no card boxes), beside a left-aligned heading.
 */
export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="relative scroll-mt-16 py-12">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <SectionHeading
          id="about-title"
          eyebrow={aboutSection.eyebrow}
          title={aboutSection.title}
          intro={aboutSection.intro}
          className="lg:mx-0 lg:text-left"
        />
        <ul className="grid gap-8 sm:grid-cols-3 sm:gap-6">
          {aboutCards.map(({ title, description, icon: Icon, accent }) => {
            const colors = accentClasses[accent];
            return (
              <li key={title} className="relative pt-6">
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute inset-x-0 top-0 h-0.5 rounded-full bg-linear-to-r',
                    colors.gradient,
                  )}
                />
                <Icon className={cn('size-7', colors.text)} aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
