import { Clock, Zap } from 'lucide-react';
import type { SiteConfig } from '@/shared/site';
import { cn } from '@/web/lib/utils';
import { processSection, processSteps } from '../content';
import { Island } from '../islands/island';
import { ContactButton } from '../islands/small-islands';
import { accentClasses } from '../lib/accents';
import { SectionHeading } from './section-heading';

/**
 * How We Work (id `process`, docs/product.md §3.1): five steps as a horizontal timeline on large screens and
 * a vertical one on small screens, then the call-out card with 'Fast Track Available' and
 * 'Limited Slots'. The large numerals and the glowing rail give the section the weight of a
 * sequence rather than a row of equal cards.
 */
export function ProcessSection({ site }: { site: SiteConfig }) {
  return (
    <section id="process" aria-labelledby="process-title" className="relative scroll-mt-16 py-12">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="process-title"
          eyebrow="The process"
          title={processSection.title}
          intro={processSection.intro}
        />
        {/* The timeline's line sits beside the list: an `ol` may hold only `li` elements. */}
        <div className="relative mt-12">
          <span
            aria-hidden="true"
            className="absolute top-4 bottom-4 left-[1.45rem] w-0.5 rounded-full bg-linear-to-b from-brand-cyan via-brand-blue to-brand-magenta shadow-[0_0_18px] shadow-brand-blue/60 lg:top-[5.4rem] lg:right-[10%] lg:bottom-auto lg:left-[10%] lg:h-0.5 lg:w-auto lg:bg-linear-to-r"
          />
          <ol data-testid="process-timeline" className="relative grid gap-6 lg:grid-cols-5 lg:gap-4">
            {processSteps.map((step) => {
              const colors = accentClasses[step.accent];
              return (
                <li
                  key={step.number}
                  className="relative grid grid-cols-[3rem_1fr] gap-5 lg:flex lg:flex-col lg:gap-0"
                >
                  <div className="lg:text-center">
                    <span
                      aria-hidden="true"
                      className={cn(
                        'hidden bg-linear-to-b bg-clip-text font-mono text-7xl leading-none font-bold tracking-tighter text-transparent opacity-90 lg:block',
                        colors.gradient,
                      )}
                    >
                      {step.number}
                    </span>
                    <span
                      className={cn(
                        'relative z-10 grid size-12 place-items-center rounded-full border border-white/20 bg-background font-mono text-sm font-semibold ring-4 ring-background lg:mx-auto lg:mt-3 lg:size-6',
                        colors.text,
                      )}
                    >
                      <span className="lg:hidden">{step.number}</span>
                      <span
                        aria-hidden="true"
                        className={cn('hidden size-2.5 rounded-full lg:block', colors.dot)}
                      />
                    </span>
                  </div>
                  <div className="rounded-2xl border border-white/10 bg-card/90 p-5 lg:mt-5 lg:flex-1">
                    <p className={cn('inline-flex items-center gap-1.5 text-xs font-medium', colors.text)}>
                      <Clock className="size-3.5" aria-hidden="true" />
                      {step.timeline}
                    </p>
                    <h3 className="mt-2 text-lg font-semibold">{step.title}</h3>
                    <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.description}</p>
                    <p className="sr-only">{processSection.deliverablesLabel}:</p>
                    <ul className="mt-3 grid gap-1 text-xs text-foreground/80">
                      {step.deliverables.map((deliverable) => (
                        <li key={deliverable} className="flex items-center gap-2">
                          <span aria-hidden="true" className={cn('size-1.5 rounded-full', colors.dot)} />
                          {deliverable}
                        </li>
                      ))}
                    </ul>
                  </div>
                </li>
              );
            })}
          </ol>
        </div>
        <div className="relative mt-10 overflow-hidden rounded-3xl border border-white/10 bg-linear-to-r from-brand-cyan/15 via-brand-blue/15 to-brand-magenta/20 p-8 sm:p-10">
          <div className="flex flex-col items-start justify-between gap-6 md:flex-row md:items-center">
            <div>
              <ul className="flex flex-wrap gap-2">
                {processSection.callout.badges.map((badge, index) => (
                  <li
                    key={badge}
                    className={cn(
                      'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold',
                      index === 0
                        ? 'border-cyan-300/40 bg-cyan-400/15 text-cyan-100'
                        : 'border-fuchsia-300/40 bg-fuchsia-500/15 text-fuchsia-100',
                    )}
                  >
                    {index === 0 ? <Zap className="size-3.5" aria-hidden="true" /> : null}
                    {badge}
                  </li>
                ))}
              </ul>
              <h3 className="mt-4 text-2xl font-bold tracking-tight">{processSection.callout.title}</h3>
              <p className="mt-2 max-w-2xl text-muted-foreground">{processSection.callout.description}</p>
            </div>
            <Island
              name="contact-button"
              component={ContactButton}
              site={site}
              props={{ kind: 'callout' as const }}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
