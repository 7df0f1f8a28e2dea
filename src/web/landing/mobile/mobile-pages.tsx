import { Check, ChevronsRight, Clock, ExternalLink, Mail } from 'lucide-react';
import type * as React from 'react';
import type { SiteConfig } from '@/shared/site';
import { mediaSrcSet } from '@/shared/site-media';
import { cn } from '@/web/lib/utils';
import { FaqQuestion } from '../components/faq-question';
import { TestimonialCard } from '../components/testimonial-card';
import {
  aboutCards,
  aiFeatures,
  type FeatureCard,
  hero,
  miniCrmFeatures,
  mobile,
  mobileFaq,
  mobileProcessSteps,
  mobileServices,
  mobileTestimonials,
  stats,
} from '../content';
import { Island } from '../islands/island';
import { ContactButton, LandingContactForm } from '../islands/small-islands';
import { accentClasses } from '../lib/accents';
import { MobileProjects } from './mobile-projects';

function MobileSection({
  id,
  title,
  children,
  first = false,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  /** The page's first section sits closer to the top bar. */
  first?: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={first ? 'mt-4' : 'mt-12'}>
      <h2
        id={`${id}-title`}
        tabIndex={-1}
        className="flex items-center gap-3 text-2xl font-bold tracking-tight outline-none"
      >
        <span
          aria-hidden="true"
          className="h-6 w-1 rounded-full bg-linear-to-b from-brand-cyan to-brand-magenta"
        />
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function CompactCards({ cards }: { cards: FeatureCard[] }) {
  return (
    <ul className="grid gap-3">
      {cards.map((card) => (
        <CompactCard key={card.title} card={card} />
      ))}
    </ul>
  );
}

function CompactCard({ card: { title, description, icon: Icon, accent } }: { card: FeatureCard }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-white/10 bg-card/80 p-4">
      <span
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-xl ring-1',
          accentClasses[accent].iconTile,
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <h3 className="font-semibold">{title}</h3>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{description}</p>
      </div>
    </li>
  );
}

/**
 * The services with the first one featured (larger, tinted, with its proof points) and the
 * others as compact rows: the page does not open on four identical card lists
 * (docs/decisions/045-landing-islands-and-one-brand-mark.md).
 */
function FeaturedCards({ cards }: { cards: FeatureCard[] }) {
  const [featured, ...others] = cards;
  if (!featured) return null;
  const { title, description, icon: Icon, accent, points } = featured;
  return (
    <ul className="grid gap-3">
      <li className="relative overflow-hidden rounded-3xl border border-white/10 bg-linear-to-br from-brand-cyan/20 via-card/90 to-brand-blue/20 p-5">
        <span
          className={cn('grid size-12 place-items-center rounded-2xl ring-1', accentClasses[accent].iconTile)}
        >
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h3 className="mt-4 text-xl font-bold tracking-tight">{title}</h3>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
        {points ? (
          <ul className="mt-4 flex flex-wrap gap-2">
            {points.map((point) => (
              <li
                key={point}
                className="inline-flex items-center gap-1.5 rounded-full border border-white/10 bg-background/50 px-3 py-1 text-xs font-medium"
              >
                <Check className={cn('size-3.5', accentClasses[accent].text)} aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
        ) : null}
      </li>
      {others.map((card) => (
        <CompactCard key={card.title} card={card} />
      ))}
    </ul>
  );
}

/** Numbered rows of one panel, for the mini-CRM features (a flow, not three more cards). */
function NumberedPanel({ cards }: { cards: FeatureCard[] }) {
  return (
    <ol className="divide-y divide-white/10 rounded-3xl border border-white/10 bg-linear-to-br from-brand-blue/15 via-card/90 to-brand-magenta/10 px-5">
      {cards.map(({ title, description }, index) => (
        <li key={title} className="grid grid-cols-[2.75rem_1fr] gap-3 py-4">
          <span aria-hidden="true" className="text-gradient font-mono text-2xl font-bold">
            0{index + 1}
          </span>
          <div>
            <h3 className="font-semibold">{title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Items under a coloured rule, no boxes, for the 'Why' points. */
function RuledItems({ cards }: { cards: FeatureCard[] }) {
  return (
    <ul className="grid gap-5">
      {cards.map(({ title, description, icon: Icon, accent }) => (
        <li key={title} className="relative pl-5">
          <span
            aria-hidden="true"
            className={cn(
              'absolute inset-y-0 left-0 w-0.5 rounded-full bg-linear-to-b',
              accentClasses[accent].gradient,
            )}
          />
          <h3 className="flex items-center gap-2 font-semibold">
            <Icon className={cn('size-4', accentClasses[accent].text)} aria-hidden="true" />
            {title}
          </h3>
          <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{description}</p>
        </li>
      ))}
    </ul>
  );
}

/** Page 1, 'Intro & Services' (docs/product.md §3.3): hero, stats, links, services, mini CRM, why, AI. */
export function MobileIntroPage({ site }: { site: SiteConfig }) {
  return (
    <>
      <div id="m-hero" className="pt-4">
        <p className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1 text-xs text-muted-foreground">
          <span
            aria-hidden="true"
            className="size-1.5 rounded-full bg-brand-cyan shadow-[0_0_10px] shadow-brand-cyan"
          />
          {hero.eyebrow}
        </p>
        <h1 className="mt-5 text-[2.6rem] leading-[1.05] font-bold tracking-tight">
          {mobile.heroLines.map((line, index) => (
            <span key={line} className={index === 1 ? 'text-gradient block' : 'block'}>
              {line}
            </span>
          ))}
        </h1>
        <p className="mt-4 text-base text-pretty text-muted-foreground">{mobile.heroIntro}</p>
        <Island
          name="contact-button"
          component={ContactButton}
          site={site}
          props={{ kind: 'mobile' as const }}
        />
        <dl className="mt-6 grid grid-cols-3 gap-2.5">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col rounded-2xl border border-white/10 bg-white/[0.04] py-3 text-center"
            >
              <dt className="text-xs text-muted-foreground">{stat.label}</dt>
              <dd className="text-gradient order-first text-2xl font-bold">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-5 flex items-center justify-center gap-6 text-sm">
          <a
            href={site.socialUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-1.5 text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            {hero.socialLabel}
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{hero.newTab}</span>
          </a>
          <a
            href={`mailto:${site.email}`}
            className="inline-flex min-h-11 items-center gap-1.5 text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            <Mail className="size-3.5" aria-hidden="true" />
            {hero.emailLabel}
          </a>
        </div>
        <SlideHint className="mt-6" />
      </div>
      <MobileSection id="m-services" title={mobile.servicesTitle}>
        <FeaturedCards cards={mobileServices} />
      </MobileSection>
      <MobileSection id="m-brain" title={mobile.brainTitle}>
        <NumberedPanel cards={miniCrmFeatures} />
      </MobileSection>
      <MobileSection id="m-why" title={mobile.whyTitle}>
        <RuledItems cards={aboutCards} />
      </MobileSection>
      <MobileSection id="m-ai" title={mobile.aiTitle}>
        <CompactCards cards={aiFeatures} />
      </MobileSection>
      <SlideHint className="mt-10" />
    </>
  );
}

/**
 * 'Slide' with arrows (docs/product.md §3.1: on small screens): the next page is to the right.
 * Decorative: the top bar's menu and buttons give the same moves to assistive technology.
 */
function SlideHint({ className }: { className: string }) {
  return (
    <p
      aria-hidden="true"
      data-testid="slide-hint"
      className={cn('flex items-center justify-center gap-2 text-sm text-muted-foreground', className)}
    >
      {hero.slideHint}
      <ChevronsRight className="size-4 motion-loop animate-pulse text-brand-cyan" />
    </p>
  );
}

/**
 * Page 2, 'Portfolio & Work' (docs/product.md §3.3): the projects two a row (three in the last row
 * of an odd number, lib/card-grid.ts), the client stories marked 'show on phones' (none marked: no
 * section), four process steps.
 */
export function MobileWorkPage({ site }: { site: SiteConfig }) {
  return (
    <>
      <MobileSection id="m-projects" title={mobile.projectsTitle} first>
        <MobileProjects site={site} />
      </MobileSection>
      {mobileTestimonials.length > 0 ? (
        <MobileSection id="m-testimonials" title={mobile.testimonialsTitle}>
          <ul className="grid gap-3">
            {mobileTestimonials.map((testimonial) => (
              <li key={testimonial.name}>
                <TestimonialCard
                  testimonial={testimonial}
                  photoSrcSet={testimonial.photo ? mediaSrcSet(testimonial.photo) : undefined}
                  rating={testimonial.rating}
                  compact
                />
              </li>
            ))}
          </ul>
        </MobileSection>
      ) : null}
      <MobileSection id="m-process" title={mobile.processTitle}>
        {/* The line sits beside the list: an `ol` may hold only `li` elements. */}
        <div className="relative">
          <span
            aria-hidden="true"
            className="absolute top-3 bottom-3 left-5 w-px bg-linear-to-b from-brand-cyan via-brand-blue to-brand-magenta"
          />
          <ol className="relative grid gap-4">
            {mobileProcessSteps.map((step) => (
              <li key={step.number} className="relative grid grid-cols-[2.5rem_1fr] gap-4">
                <span
                  className={cn(
                    'z-10 grid size-10 place-items-center rounded-full border border-white/15 bg-background font-mono text-xs font-semibold',
                    accentClasses[step.accent].text,
                  )}
                >
                  {step.number}
                </span>
                <div className="rounded-2xl border border-white/10 bg-card/80 p-4">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="font-semibold">{step.title}</h3>
                    <span
                      className={cn(
                        'inline-flex items-center gap-1 text-xs',
                        accentClasses[step.accent].text,
                      )}
                    >
                      <Clock className="size-3" aria-hidden="true" />
                      {step.timeline}
                    </span>
                  </div>
                  <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{step.description}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </MobileSection>
    </>
  );
}

/** Page 3, 'Get Started' (docs/product.md §3.3): four questions (one open at a time) and the contact form. */
export function MobileStartPage({ site }: { site: SiteConfig }) {
  return (
    <>
      <MobileSection id="m-faq" title={mobile.faqTitle} first>
        <div className="grid gap-2.5" data-testid="mobile-faq">
          {mobileFaq.map((item) => (
            <FaqQuestion key={item.question} item={item} name="mobile-faq" />
          ))}
        </div>
      </MobileSection>
      <MobileSection id="m-contact" title={mobile.contactTitle}>
        <div className="rounded-3xl border border-white/10 bg-card/80 p-5">
          <p className="mb-5 text-sm text-muted-foreground">{mobile.contactIntro}</p>
          <Island
            name="contact-form"
            component={LandingContactForm}
            site={site}
            props={{ idPrefix: 'm-contact' }}
          />
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          <a
            href={`mailto:${site.email}`}
            className="inline-flex min-h-11 items-center gap-1.5 hover:text-foreground"
          >
            <Mail className="size-3.5" aria-hidden="true" />
            {site.email}
          </a>
        </p>
        <p className="mt-2 text-center text-xs text-muted-foreground">© {site.name}</p>
      </MobileSection>
    </>
  );
}
